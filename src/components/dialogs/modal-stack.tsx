"use client";

import { Suspense } from "react";
import { Loader2 } from "lucide-react";
import { DialogFrame } from "./dialog-frame";
import type { ModalApi, ModalEntry } from "./modal-context";
import { DIALOG_REGISTRY } from "./registry";

export interface ModalStackProps {
  stack: ModalEntry[];
  closeEntry: (id: number, result?: unknown) => void;
  replaceEntry: ModalApi["replaceEntry"];
  setBusy: (id: number, busy: boolean) => void;
}

/** The open dialogs, each in its frame; loaded with the first dialog so pages do not ship it. */
export default function ModalStack({ stack, closeEntry, replaceEntry, setBusy }: ModalStackProps) {
  return (
    <>
      {stack.map((entry, index) => {
        const registration = DIALOG_REGISTRY[entry.type];
        const Component = registration.component;
        return (
          <DialogFrame
            key={entry.id}
            isTop={index === stack.length - 1}
            busy={entry.busy}
            variant={registration.variant}
            onRequestClose={() => closeEntry(entry.id)}
          >
            <Suspense
              fallback={
                <div role="status" className="rounded-2xl bg-surface p-6 text-muted">
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  <span className="sr-only">Loading…</span>
                </div>
              }
            >
              <Component
                props={entry.props}
                close={(result?: unknown) => closeEntry(entry.id, result)}
                replace={(type, ...props) => replaceEntry(entry.id, type, ...props)}
                setBusy={(busy) => setBusy(entry.id, busy)}
              />
            </Suspense>
          </DialogFrame>
        );
      })}
    </>
  );
}
