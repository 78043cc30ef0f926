"use client";

import type { ReactNode } from "react";
import { SessionProvider } from "./session";
import { ModalProvider } from "@/components/dialogs/modal-context";
import { ToastProvider } from "@/components/ui/toast";

/**
 * Session, dialog and toast providers. The session refetches on other tabs'
 * storage events and when the page becomes visible (next-auth defaults), and
 * on a polling interval when one is configured.
 */
export function Providers({ children, refetchIntervalSeconds }: { children: ReactNode; refetchIntervalSeconds: number }) {
  return (
    <SessionProvider refetchInterval={refetchIntervalSeconds}>
      <ToastProvider>
        <ModalProvider>{children}</ModalProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
