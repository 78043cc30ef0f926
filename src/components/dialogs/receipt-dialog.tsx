"use client";

import Link from "@/components/ui/link";
import { useEffect, useState } from "react";
import { AlertCircle, ExternalLink, Loader2 } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { VReceiptResolveAnswer } from "@/domain/schemas/play";
import type { DialogComponentProps } from "./dialog-types";

interface ReceiptProps {
  packURL?: string;
  profileID?: string;
  receiptId?: string;
}

/** "User takes": resolves the player's latest receipt on the pack, then shows the receipt page in a frame. */
export default function ReceiptDialog({ props }: DialogComponentProps<ReceiptProps>) {
  const [receiptId, setReceiptId] = useState<string | null>(props.receiptId ?? null);
  const [error, setError] = useState<string | null>(
    props.packURL && (props.profileID || props.receiptId) ? null : "Missing packURL or profileID",
  );
  useEffect(() => {
    if (receiptId || error) return;
    const query = new URLSearchParams({ packURL: props.packURL!, profileID: props.profileID! });
    void apiFetch(`/api/receipts/resolve?${query}`, { schema: VReceiptResolveAnswer, fallback: "Could not resolve receipt" }).then(
      (answer) => (answer.ok ? setReceiptId(answer.data.receiptId) : setError(answer.error)),
    );
  }, [receiptId, error, props.packURL, props.profileID]);
  const path = receiptId ? `/packs/${props.packURL}/${receiptId}` : null;
  return (
    <Dialog title="User takes" size="lg">
      {error ? (
        <p role="alert" className="flex items-center gap-2 text-lost">
          <AlertCircle size={18} aria-hidden="true" /> {error}
        </p>
      ) : path ? (
        <div className="space-y-3">
          <iframe src={path} title="Receipt" className="h-[70vh] w-full rounded-xl border border-line bg-surface" />
          <Link href={path} className="inline-flex min-h-11 items-center gap-1 font-semibold text-accent hover:underline">
            Open receipt page <ExternalLink size={14} aria-hidden="true" />
          </Link>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={18} className="animate-spin" aria-hidden="true" /> Loading…
        </p>
      )}
    </Dialog>
  );
}
