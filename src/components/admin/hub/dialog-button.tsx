"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import type { DialogType } from "@/components/dialogs/dialog-types";

/** A button that opens a dialog by type and refreshes the server-rendered page when it closes. */
export function DialogButton({
  type,
  props,
  children,
  variant = "secondary",
  refresh = true,
}: {
  type: DialogType;
  props?: Record<string, unknown>;
  children: ReactNode;
  variant?: ButtonVariant;
  refresh?: boolean;
}) {
  const { openModal } = useModal();
  const router = useRouter();
  return (
    <Button
      variant={variant}
      onClick={async () => {
        await openModal(type, props);
        if (refresh) router.refresh();
      }}
    >
      {children}
    </Button>
  );
}
