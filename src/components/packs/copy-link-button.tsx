"use client";

import { useEffect, useState } from "react";
import { Copy, QrCode } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { receiptCopyText } from "@/domain/share";

const COPIED_MS = 2_000;

/** "Copy Link" (turns "Copied!" for 2 s on its own) and "Generate QR" for one share URL of the receipt page. */
export function CopyLinkButtons({
  path,
  picks,
  qrTitle,
}: {
  path: string;
  picks?: Array<{ prop: string; side: string }>;
  qrTitle: string;
}) {
  const { openModal } = useModal();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const url = () => new URL(path, window.location.origin).toString();
  const button = "inline-flex min-h-11 items-center gap-1 rounded-full px-4 text-sm font-bold ring-1 ring-line hover:bg-page";
  return (
    <span className="flex flex-wrap gap-2">
      <button
        type="button"
        className={button}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(picks ? receiptCopyText(picks, url()) : url());
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        <Copy size={16} aria-hidden="true" /> {copied ? "Copied!" : "Copy Link"}
      </button>
      <button type="button" className={button} onClick={() => void openModal("qrCode", { url: url(), title: qrTitle })}>
        <QrCode size={16} aria-hidden="true" /> Generate QR
      </button>
    </span>
  );
}
