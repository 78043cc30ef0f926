"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { DialogPropsArg, DialogResult, DialogType } from "./dialog-types";

export interface ModalEntry {
  id: number;
  type: DialogType;
  /** The props of `type`'s dialog (typed where the dialog is opened: DialogProps in dialog-types.ts). */
  props: object;
  busy: boolean;
  opener: HTMLElement | null;
  resolve: (result: unknown) => void;
}

/**
 * What dialogs can do, in a context whose value never changes: the many
 * buttons that only open dialogs (every pack card has some) do not re-render
 * when a dialog opens or closes. The stack itself is in its own context
 * (useModalStack) for the few that render from it.
 */
export interface ModalApi {
  /** Opens a dialog on top of the stack; resolves with its result when it closes. */
  openModal: <T extends DialogType>(type: T, ...props: DialogPropsArg<T>) => Promise<DialogResult<T> | undefined>;
  /** Closes the top dialog only. */
  closeModal: (result?: unknown) => void;
  closeEntry: (id: number, result?: unknown) => void;
  replaceEntry: <T extends DialogType>(id: number, type: T, ...props: DialogPropsArg<T>) => void;
  setBusy: (id: number, busy: boolean) => void;
  /** Takes the element to focus once the closed dialog is gone and the page is interactive again. */
  takePendingFocus: () => HTMLElement | null;
}

const ModalContext = createContext<ModalApi | null>(null);
const ModalStackContext = createContext<ModalEntry[] | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const nextId = useRef(1);
  const stackRef = useRef(stack);
  const pendingFocus = useRef<HTMLElement | null>(null);
  stackRef.current = stack;

  const openModal = useCallback(<T extends DialogType>(type: T, ...args: DialogPropsArg<T>) => {
    const props: object = args[0] ?? {};
    return new Promise<DialogResult<T> | undefined>((resolve) => {
      const opener = typeof document !== "undefined" ? (document.activeElement as HTMLElement | null) : null;
      const entry: ModalEntry = {
        id: nextId.current++,
        type,
        props,
        busy: false,
        opener,
        resolve: resolve as (result: unknown) => void,
      };
      setStack((current) => [...current, entry]);
    });
  }, []);

  const closeEntry = useCallback((id: number, result?: unknown) => {
    const entry = stackRef.current.find((e) => e.id === id);
    if (!entry) return;
    pendingFocus.current = entry.opener;
    setStack((current) => current.filter((e) => e.id !== id));
    entry.resolve(result);
  }, []);

  const takePendingFocus = useCallback(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    return target;
  }, []);

  const closeModal = useCallback(
    (result?: unknown) => {
      const top = stackRef.current.at(-1);
      if (top) closeEntry(top.id, result);
    },
    [closeEntry],
  );

  const replaceEntry = useCallback(<T extends DialogType>(id: number, type: T, ...args: DialogPropsArg<T>) => {
    const props: object = args[0] ?? {};
    setStack((current) => current.map((e) => (e.id === id ? { ...e, id: nextId.current++, type, props, busy: false } : e)));
  }, []);

  const setBusy = useCallback((id: number, busy: boolean) => {
    setStack((current) => current.map((e) => (e.id === id ? { ...e, busy } : e)));
  }, []);

  const api = useMemo(
    () => ({ openModal, closeModal, closeEntry, replaceEntry, setBusy, takePendingFocus }),
    [openModal, closeModal, closeEntry, replaceEntry, setBusy, takePendingFocus],
  );
  return (
    <ModalContext.Provider value={api}>
      <ModalStackContext.Provider value={stack}>{children}</ModalStackContext.Provider>
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside <ModalProvider>");
  return api;
}

/** The open dialogs, bottom first; re-renders its user whenever one opens or closes. */
export function useModalStack(): ModalEntry[] {
  const stack = useContext(ModalStackContext);
  if (!stack) throw new Error("useModalStack must be used inside <ModalProvider>");
  return stack;
}
