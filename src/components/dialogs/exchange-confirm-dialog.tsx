"use client";

import { AlertBox } from "@/components/ui/alert-box";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SOMETHING_WENT_WRONG } from "@/domain/marketplace";
import type { RedemptionContact } from "@/domain/schemas/marketplace";
import type { DialogComponentProps } from "./dialog-types";
import { apiFetch } from "@/components/api/api-fetch";
import { VRedemptionAnswer } from "@/domain/schemas/play";

export interface ExchangeConfirmProps {
  itemID: string;
  itemName: string;
  itemTokens: number;
  contact: RedemptionContact;
  [key: string]: unknown;
}

export interface RedemptionSucceeded {
  status: "redeemed";
  exchangeID: string;
  itemName: string;
  tokens: number;
  code: string;
}
export type ExchangeConfirmResult = RedemptionSucceeded | { status: "failed"; error: string };

/** "Redeem {item} for {n} diamonds?" – Confirm spends them (docs/SCREENS.md §4.4). */
export default function ExchangeConfirmDialog({
  props,
  close,
  setBusy,
}: DialogComponentProps<ExchangeConfirmProps, ExchangeConfirmResult>) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key for this confirmation: pressing Confirm again after a lost answer cannot pay twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const confirm = async () => {
    setProcessing(true);
    setBusy(true);
    setError(null);
    let message = SOMETHING_WENT_WRONG;
    try {
      const answer = await apiFetch("/api/marketplace/redeem", {
        schema: VRedemptionAnswer,
        body: { itemID: props.itemID, contact: props.contact, agreedToTerms: true, expectedTokens: props.itemTokens, idempotencyKey },
        fallback: "",
      });
      if (answer.ok) {
        setBusy(false);
        const { exchangeID, code, itemName, tokens } = answer.data;
        close({ status: "redeemed", exchangeID, itemName: itemName ?? props.itemName, tokens: tokens ?? props.itemTokens, code });
        return;
      }
      if (answer.error) message = answer.error;
    } catch {
      // Network failure: the redemption may or may not have gone through; Confirm retries with the same key.
    }
    setError(message);
    setProcessing(false);
    setBusy(false);
  };

  return (
    <Dialog
      title="Confirm Redemption"
      description={
        <>
          Redeem <strong className="text-ink">{props.itemName}</strong> for {props.itemTokens.toLocaleString("en-US")} diamonds?
        </>
      }
      actions={
        <>
          <Button variant="secondary" disabled={processing} onClick={() => close(error ? { status: "failed", error } : undefined)}>
            Cancel
          </Button>
          <Button data-autofocus disabled={processing} onClick={() => void confirm()}>
            {processing ? "Processing…" : "Confirm"}
          </Button>
        </>
      }
    >
      <AlertBox message={error} />
    </Dialog>
  );
}
