"use client";

import Link from "@/components/ui/link";
import { ExternalLink } from "lucide-react";
import { LoadState, useApiQuery, type ApiQueryState } from "@/components/api/use-api-query";
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
  const missing = !(props.packURL && (props.profileID || props.receiptId));
  // A receipt named in the props is shown at once; otherwise the player's latest one on the pack is looked up.
  const resolved = useApiQuery(
    missing || props.receiptId
      ? null
      : `/api/receipts/resolve?${new URLSearchParams({ packURL: props.packURL!, profileID: props.profileID! })}`,
    { schema: VReceiptResolveAnswer, fallback: "Could not resolve receipt" },
  );
  const state: ApiQueryState<{ receiptId: string }> = missing
    ? { status: "error", error: "Missing packURL or profileID", httpStatus: 0 }
    : props.receiptId
      ? { status: "ready", data: { receiptId: props.receiptId } }
      : resolved.state;
  return (
    <Dialog title="User takes" size="lg">
      <LoadState state={state} onRetry={missing ? undefined : resolved.retry}>
        {({ receiptId }) => {
          const path = `/packs/${props.packURL}/${receiptId}`;
          return (
            <div className="space-y-3">
              <iframe src={path} title="Receipt" className="h-[70vh] w-full rounded-xl border border-line bg-surface" />
              <Link href={path} className="inline-flex min-h-11 items-center gap-1 font-semibold text-accent hover:underline">
                Open receipt page <ExternalLink size={14} aria-hidden="true" />
              </Link>
            </div>
          );
        }}
      </LoadState>
    </Dialog>
  );
}
