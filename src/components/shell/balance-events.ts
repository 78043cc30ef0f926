const EVENT = "takes:balance-changed";

/** Anything that changes the balance (claim, redemption, grading seen) calls this so the pill refreshes at once. */
export function announceBalanceChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onBalanceChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
