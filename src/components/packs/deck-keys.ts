// Keyboard play for the pack deck, loaded after the page is interactive:
// ←/→ move between cards, 1/2 pick side A/B on the front card, Enter submits.

export interface DeckKeyHandlers {
  move: (step: number) => void;
  pickFront: (side: "A" | "B") => void;
  submit: () => void;
}

/** Installs the deck's keyboard shortcuts; ignored while a dialog is open or a text field has focus. */
export function installDeckKeys(handlers: { current: DeckKeyHandlers }): () => void {
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (document.querySelector("[role=dialog]") || target.closest("input, textarea, select, [contenteditable]")) return;
    const h = handlers.current;
    if (event.key === "ArrowRight") h.move(1);
    else if (event.key === "ArrowLeft") h.move(-1);
    else if (event.key === "1" || event.key === "2") h.pickFront(event.key === "1" ? "A" : "B");
    else if (event.key === "Enter" && !target.closest("button, a")) h.submit();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
