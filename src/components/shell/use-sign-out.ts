"use client";

import { useCallback, useRef } from "react";
import { useToast } from "@/components/ui/toast";
import { signOut } from "./session";

export const SIGN_OUT_FAILED = "Could not log out. Check your connection and try again.";

/**
 * The click handler of every Log out button: one sign-out at a time (a double
 * click does not post twice) and a toast when it fails, instead of a button
 * that silently does nothing.
 */
export function useSignOut(callbackUrl?: string): () => void {
  const { showToast } = useToast();
  const pending = useRef(false);
  return useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    signOut(callbackUrl ? { callbackUrl } : {}).catch(() => {
      pending.current = false;
      showToast(SIGN_OUT_FAILED, "error");
    });
  }, [callbackUrl, showToast]);
}
