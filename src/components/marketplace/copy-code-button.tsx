"use client";

import { Copy } from "lucide-react";
import { useToast } from "@/components/ui/toast";
import { buttonClass } from "@/components/ui/button";

/** "Copy" beside a redemption code (redeem success screen, profile exchanges). */
export function CopyCodeButton({ code, label = "Copy" }: { code: string; label?: string }) {
  const { showToast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      showToast("Copied");
    } catch {
      showToast("Could not copy. Select the code and copy it instead.", "error");
    }
  };
  return (
    <button type="button" onClick={() => void copy()} className={buttonClass("secondary")}>
      <Copy size={16} aria-hidden="true" />
      {label}
    </button>
  );
}
