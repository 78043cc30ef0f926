/**
 * When the page has settled (docs/decisions/048-hosts-with-slow-memory.md, "Decoration waits for the
 * page"): after the window's load event, at the first moment the browser reports a whole idle period
 * (40 ms or more with nothing to do), <html> gets `data-settled`. globals.css starts the motion that
 * is only decoration then: the header's turning globe and the pulsing dot of a live game. Until then
 * each stands still. A running animation asks the compositor for a frame 60 times a second, and
 * during a page's load those frames took most of a core from the page's own start-up on a host
 * that composites in software; a phone's start-up is the same race for a smaller CPU.
 *
 * Plain script, run by the root layout's first inline script; without JavaScript the page stays
 * still, as under prefers-reduced-motion.
 */
export const PAGE_SETTLED_SCRIPT = `addEventListener("load",function(){var r=window.requestIdleCallback;function s(){document.documentElement.setAttribute("data-settled","")}if(!r){setTimeout(s,1e3);return}function w(d){d.timeRemaining()>=40?s():r(w)}r(w)});`;
