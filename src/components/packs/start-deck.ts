import type { ModalApi } from "@/components/dialogs/modal-context";
import { installDeckKeys, type DeckKeyHandlers } from "./deck-keys";
import { installDialogTriggers } from "./dialog-triggers";
import { installHistoryBack } from "./history-back";

/** Switches on the deck's deferred behaviour (keyboard play, hero dialog buttons, Back); returns the switch-off. */
export function startDeck(input: { handlers: { current: DeckKeyHandlers }; openModal: ModalApi["openModal"] }): () => void {
  const stops = [installDeckKeys(input.handlers), installDialogTriggers(input.openModal), installHistoryBack()];
  return () => stops.forEach((stop) => stop());
}
