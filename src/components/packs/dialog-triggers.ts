// Opens the dialog named by a clicked DialogTrigger (data-dialog, data-dialog-props).
import type { DialogType } from "@/components/dialogs/dialog-types";
import type { ModalApi } from "@/components/dialogs/modal-context";

/** Opens a dialog of any type with props read back from the page. */
type OpenAny = (type: DialogType, props: object) => Promise<unknown>;

/** Installs the one delegated click handler for every DialogTrigger on the page. */
export function installDialogTriggers(openModal: ModalApi["openModal"]): () => void {
  // The type and props were written by a DialogTrigger, whose own props are checked against the
  // dialog's (DialogProps<T>): reading them back from the HTML cannot be checked again here.
  const open = openModal as unknown as OpenAny;
  const onClick = (event: MouseEvent) => {
    const trigger = (event.target as Element | null)?.closest<HTMLElement>("[data-dialog]");
    if (!trigger) return;
    void open(trigger.dataset.dialog as DialogType, JSON.parse(trigger.dataset.dialogProps ?? "{}") as object);
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
