"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

interface ConfirmProps {
  title: string;
  message: string;
  confirmLabel?: string;
  destructive?: boolean;
}

/** The shared confirmation dialog that replaces browser confirm() and alert(); resolves true on confirm. */
export default function ConfirmDialog({ props, close }: DialogComponentProps<ConfirmProps, boolean>) {
  return (
    <Dialog
      title={props.title}
      description={props.message}
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant={props.destructive ? "danger" : "primary"} data-autofocus onClick={() => close(true)}>
            {props.confirmLabel ?? "Confirm"}
          </Button>
        </>
      }
    />
  );
}
