"use client";

import type { ReactNode } from "react";
import { SessionProvider } from "./session";
import { ModalProvider } from "@/components/dialogs/modal-context";
import { ToastProvider, type ToastIcons } from "@/components/ui/toast";

/**
 * Session, dialog and toast providers. The session refetches on other tabs'
 * storage events and when the page becomes visible (next-auth defaults), and
 * on a polling interval when one is configured.
 */
export function Providers({
  children,
  refetchIntervalSeconds,
  toastIcons,
}: {
  children: ReactNode;
  refetchIntervalSeconds: number;
  toastIcons: ToastIcons;
}) {
  return (
    <SessionProvider refetchInterval={refetchIntervalSeconds}>
      <ToastProvider icons={toastIcons}>
        <ModalProvider>{children}</ModalProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
