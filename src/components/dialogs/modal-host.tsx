"use client";

import { lazy, Suspense, useEffect } from "react";
import { useModal, useModalStack } from "./modal-context";

const loadStack = () => import("./modal-stack");
// The frame and the registry load with the first dialog (and are warmed once the page is idle).
const ModalStack = lazy(loadStack);

/** Renders the dialog stack; the page beneath is inert and does not scroll while any is open. */
export function ModalHost() {
  const { closeEntry, replaceEntry, setBusy, takePendingFocus } = useModal();
  const stack = useModalStack();
  const open = stack.length > 0;

  useEffect(() => {
    const warm = () => void loadStack();
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(warm, { timeout: 3_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(warm, 1_500);
    return () => clearTimeout(timer);
  }, []);

  // Runs after the inert/scroll effect below has released the page, so the opener can take focus.
  // An opener that is busy while its dialog is open ("Adding…", disabled) only takes focus once its
  // own result has re-rendered it: retry for a few frames until it does, unless focus went elsewhere.
  useEffect(() => {
    const target = takePendingFocus();
    if (!target) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      if (!target.isConnected) return;
      target.focus();
      const idle = document.activeElement === null || document.activeElement === document.body;
      if (document.activeElement !== target && idle && ++tries < 30) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [stack, takePendingFocus]);

  useEffect(() => {
    const shell = document.getElementById("app-shell");
    if (!open) return;
    shell?.setAttribute("inert", "");
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      shell?.removeAttribute("inert");
      document.body.style.overflow = previousOverflow;
    };
  }, [open]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ModalStack stack={stack} closeEntry={closeEntry} replaceEntry={replaceEntry} setBusy={setBusy} />
    </Suspense>
  );
}
