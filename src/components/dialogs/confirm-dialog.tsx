"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/** A titled list under the message, e.g. each player's points before → after in a re-grade. */
export interface ConfirmDetail {
  heading: string;
  lines: string[];
  /** e.g. "and 12 more players". */
  more?: string;
}

interface ConfirmProps {
  title: string;
  message: string;
  details?: ConfirmDetail[];
  confirmLabel?: string;
  destructive?: boolean;
}

/** The shared confirmation dialog that replaces browser confirm() and alert(); resolves true on confirm. */
export default function ConfirmDialog({ props, close }: DialogComponentProps<ConfirmProps, boolean>) {
  return (
    <Dialog
      title={props.title}
      description={props.message}
      size={props.details?.length ? "lg" : "md"}
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
    >
      {props.details?.length ? (
        <div className="space-y-3" data-testid="confirm-details">
          {props.details.map((detail) => (
            <section key={detail.heading} className="rounded-xl bg-page p-3">
              <h3 className="text-sm font-bold">{detail.heading}</h3>
              <ul className="mt-1 space-y-0.5 text-sm">
                {detail.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {detail.more ? <p className="mt-1 text-sm text-muted">{detail.more}</p> : null}
            </section>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
