// "‹ Back" on the pack page (docs/SCREENS.md §2.4): the previous page when it was one of ours, else the
// link's own `/`. Part of the deck's deferred code, so it costs the page no first-load JavaScript
// (docs/decisions/025-shared-page-cache.md); until it has loaded, Back simply goes to `/`.

/** Whether the entry before this one in the tab is a page of this site. */
function cameFromOurSite(): boolean {
  // The Navigation API lists only this origin's entries of the tab: any before ours is one of our pages.
  const entry = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation?.currentEntry;
  if (entry) return entry.index > 0;
  if (history.length < 2) return false;
  // Without it: a page of ours loaded this one, or the app moved here itself (the address the
  // document was loaded at is no longer the one shown).
  const loadedAt = performance.getEntriesByType("navigation")[0]?.name;
  return document.referrer.startsWith(`${location.origin}/`) || (!!loadedAt && loadedAt !== location.href);
}

/**
 * Installs the click handler of every `[data-history-back]` link on the page; returns its removal.
 * While installed, `<html data-history-back-ready>` says so (the browser tests wait for it).
 */
export function installHistoryBack(): () => void {
  const onClick = (event: MouseEvent) => {
    // A new tab or window (modifier keys, middle button) keeps the link's own address.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target as Element | null)?.closest("[data-history-back]") || !cameFromOurSite()) return;
    // Captured before the link's own handler, which would navigate to `/`.
    event.preventDefault();
    event.stopPropagation();
    history.back();
  };
  document.addEventListener("click", onClick, true);
  document.documentElement.dataset.historyBackReady = "";
  return () => {
    document.removeEventListener("click", onClick, true);
    delete document.documentElement.dataset.historyBackReady;
  };
}
