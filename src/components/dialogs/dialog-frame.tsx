"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { DialogFrameContext } from "@/components/ui/dialog";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[inert]") && el.offsetParent !== null);
}

/**
 * Backdrop, focus trap and keyboard handling for one stacked dialog. Only the
 * top dialog is interactive; the ones beneath stay mounted but inert.
 */
export function DialogFrame({
  isTop,
  busy,
  onRequestClose,
  variant,
  children,
}: {
  isTop: boolean;
  busy: boolean;
  onRequestClose: () => void;
  variant: "panel" | "custom";
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const closeHandler = useRef<(() => void) | null>(null);
  const requestClose = () => {
    if (busy) return;
    if (closeHandler.current) closeHandler.current();
    else onRequestClose();
  };
  const setCloseHandler = (handler: (() => void) | null) => {
    closeHandler.current = handler;
  };

  useEffect(() => {
    const root = ref.current;
    if (!root || !isTop) return;
    const focusPreferred = () => {
      const preferred =
        root.querySelector<HTMLElement>("[data-autofocus]") ??
        root.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select, textarea') ??
        root.querySelector<HTMLElement>("button[data-primary]:not([disabled])") ??
        root.querySelector<HTMLElement>("[data-dialog-panel], [role='dialog']");
      preferred?.focus();
      // Done once focus is really inside (a panel that is not focusable does not count).
      return root.contains(document.activeElement);
    };
    if (focusPreferred()) return;
    // The dialog's code loads on first open: move focus in as soon as it has rendered.
    const observer = new MutationObserver(() => {
      if (focusPreferred()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [isTop]);

  useEffect(() => {
    if (!isTop) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const root = ref.current;
      if (!root) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        requestClose();
      } else if (event.key === "Tab") {
        const items = focusables(root);
        if (items.length === 0) {
          event.preventDefault();
          return;
        }
        const first = items[0]!;
        const last = items.at(-1)!;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !root.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !root.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });

  return (
    <DialogFrameContext.Provider value={{ requestClose, setCloseHandler, isTop }}>
      <div ref={ref} inert={!isTop} className="fixed inset-0 z-50">
        {variant === "panel" ? (
          // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a press on the backdrop is a pointer shortcut for closing; Escape is the keyboard's way
          <div
            className="animate-fade-in absolute inset-0 flex items-end justify-center bg-black/55 sm:items-center sm:p-4"
            data-testid="modal-backdrop"
            onMouseDown={(event) => {
              if (event.target !== event.currentTarget) return;
              // Without this the press would move focus to the page after the close gave it back to the opener.
              event.preventDefault();
              requestClose();
            }}
          >
            {children}
          </div>
        ) : (
          children
        )}
      </div>
    </DialogFrameContext.Provider>
  );
}
