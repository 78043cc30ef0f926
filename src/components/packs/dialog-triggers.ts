// Opens the dialog named by a clicked DialogTrigger (data-dialog, data-dialog-props).
import type { DialogType } from "@/components/dialogs/dialog-types";

type OpenModal = (type: DialogType, props?: Record<string, unknown>) => Promise<unknown>;

/** Installs the one delegated click handler for every DialogTrigger on the page. */
export function installDialogTriggers(openModal: OpenModal): () => void {
  const onClick = (event: MouseEvent) => {
    const trigger = (event.target as Element | null)?.closest<HTMLElement>("[data-dialog]");
    if (!trigger) return;
    void openModal(trigger.dataset.dialog as DialogType, JSON.parse(trigger.dataset.dialogProps ?? "{}") as Record<string, unknown>);
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
