import type { ReactNode } from "react";
import type { DialogPropsField, DialogType } from "@/components/dialogs/dialog-types";

/**
 * A server-rendered button that opens a dialog by type. The pack page's deck
 * island installs one delegated click handler for these with its deferred
 * code, so the hero's buttons cost the page no JavaScript of their own.
 */
export function DialogTrigger<T extends DialogType>({
  dialog,
  dialogProps,
  className,
  children,
}: {
  dialog: T;
  className?: string;
  children: ReactNode;
} & DialogPropsField<T>) {
  return (
    <button type="button" data-dialog={dialog} data-dialog-props={JSON.stringify(dialogProps ?? {})} className={className}>
      {children}
    </button>
  );
}
