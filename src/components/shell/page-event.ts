/**
 * A signal one part of the page sends to the others in the same tab (a balance or follows that
 * changed): `announce` fires it, `on` listens and answers the function that stops listening.
 */
export function pageEvent(name: string) {
  return {
    announce(): void {
      window.dispatchEvent(new Event(name));
    },
    on(listener: () => void): () => void {
      window.addEventListener(name, listener);
      return () => window.removeEventListener(name, listener);
    },
  };
}
