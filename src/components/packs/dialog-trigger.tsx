import type { ReactNode } from "react";
import type { DialogType } from "@/components/dialogs/dialog-types";

/**
 * A server-rendered button that opens a dialog by type. The pack page's deck
 * island installs one delegated click handler for these with its deferred
 * code, so the hero's buttons cost the page no JavaScript of their own.
 */
export function DialogTrigger({
  dialog,
  dialogProps,
  className,
  children,
}: {
  dialog: DialogType;
  dialogProps?: Record<string, unknown>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" data-dialog={dialog} data-dialog-props={JSON.stringify(dialogProps ?? {})} className={className}>
      {children}
    </button>
  );
}
