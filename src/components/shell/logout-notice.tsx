"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { useToast } from "@/components/ui/toast";

/** `/?logout=1` shows "Logged out successfully" once, then drops the parameter so a reload does not repeat it. */
export function LogoutNotice() {
  const pathname = usePathname();
  const { showToast } = useToast();
  useEffect(() => {
    if (pathname !== "/") return;
    const url = new URL(window.location.href);
    if (url.searchParams.get("logout") !== "1") return;
    showToast("Logged out successfully");
    url.searchParams.delete("logout");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [pathname, showToast]);
  return null;
}
