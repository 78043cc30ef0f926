"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { setToastCount } from "@/components/dialogs/unasked-gate";

type ToastKind = "success" | "error";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  leaving: boolean;
}

interface ToastApi {
  showToast: (message: string, kind?: ToastKind) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const VISIBLE_MS = 3_000;
const FADE_MS = 300;

/** The toasts' icons, rendered by the server layout (no icon library in the first-load JavaScript). */
export type ToastIcons = Record<ToastKind | "dismiss", ReactNode>;

/** Bottom-centre toasts: visible 3 s then a 300 ms fade; errors are announced assertively. */
export function ToastProvider({ children, icons }: { children: ReactNode; icons: ToastIcons }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), FADE_MS);
  }, []);

  const showToast = useCallback(
    (message: string, kind: ToastKind = "success") => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, kind, message, leaving: false }]);
      setTimeout(() => dismiss(id), VISIBLE_MS);
    },
    [dismiss],
  );

  // Dialogs nobody asked for wait until no toast is on screen (components/dialogs/unasked-gate.ts).
  const showing = toasts.length;
  useEffect(() => setToastCount(showing), [showing]);

  const api = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex flex-col-reverse items-center gap-2 px-4 md:bottom-6">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === "error" ? "alert" : "status"}
            className={`pointer-events-auto flex min-h-11 max-w-md items-center gap-3 rounded-full py-2 pl-4 pr-2 text-sm font-semibold text-white shadow-lg transition-opacity duration-300 ${
              toast.kind === "error" ? "bg-[#b91c1c]" : "bg-[#15803d]"
            } ${toast.leaving ? "opacity-0" : "opacity-100"}`}
          >
            {icons[toast.kind]}
            <span>{toast.message}</span>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              aria-label="Dismiss"
              className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/20"
            >
              {icons.dismiss}
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
