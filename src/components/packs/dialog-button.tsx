"use client";

import type { ReactNode } from "react";
import { useModal } from "@/components/dialogs/modal-context";
import type { DialogPropsArg, DialogPropsField, DialogType } from "@/components/dialogs/dialog-types";

/** A button that opens one dialog by type: the smallest client island a server page needs. */
export function DialogButton<T extends DialogType>({
  dialog,
  dialogProps,
  className,
  label,
  children,
}: {
  dialog: T;
  className?: string;
  label?: string;
  children: ReactNode;
} & DialogPropsField<T>) {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={() => void openModal(dialog, ...([dialogProps] as DialogPropsArg<T>))}
    >
      {children}
    </button>
  );
}
