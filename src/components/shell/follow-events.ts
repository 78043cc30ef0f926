const EVENT = "takes:follows-changed";

/**
 * Anything that follows or unfollows for the player (a promo dialog, the
 * favourite-team picker an award opens) calls this, so a "Follow this team"
 * button on the page behind re-reads its state at once.
 */
export function announceFollowsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onFollowsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
