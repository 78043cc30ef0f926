"use client";

import type { ReactNode } from "react";
import { useModal } from "@/components/dialogs/modal-context";
import type { DialogType } from "@/components/dialogs/dialog-types";

/** A button that opens one dialog by type: the smallest client island a server page needs. */
export function DialogButton({
  dialog,
  dialogProps,
  className,
  label,
  children,
}: {
  dialog: DialogType;
  dialogProps?: Record<string, unknown>;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const { openModal } = useModal();
  return (
    <button type="button" className={className} aria-label={label} onClick={() => void openModal(dialog, dialogProps)}>
      {children}
    </button>
  );
}
