"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatShortDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";

export interface ReviewedPick {
  propId: string;
  /** The pick's take sentence ("Giants win"). */
  take: string;
  /** What the pick pays if it wins, as the deck shows it. */
  value: number;
  /** When the pick's prop locks (epoch ms): its own close time, else the pack's. */
  locksAt: number | null;
}

interface ReviewPicksProps {
  packTitle: string;
  picks: ReviewedPick[];
}

/**
 * The review before a pack's picks are sent (docs/SCREENS.md §4, issue 40 item 1): each pick, what
 * it pays and when it locks. "Submit picks" resolves true and the submission goes on unchanged;
 * "Back to picks" (or closing) leaves the deck as it was. Loaded only when Submit is pressed.
 */
export default function ReviewPicksDialog({ props, close }: DialogComponentProps<ReviewPicksProps, boolean>) {
  const total = props.picks.reduce((sum, pick) => sum + pick.value, 0);
  return (
    <Dialog
      title="Review your picks"
      description={props.packTitle}
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Back to picks
          </Button>
          <Button data-autofocus onClick={() => close(true)}>
            Submit picks
          </Button>
        </>
      }
    >
      <ol aria-label="Your picks" className="divide-y divide-line rounded-xl bg-page">
        {props.picks.map((pick) => (
          <li key={pick.propId} className="flex items-start justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <span className="block font-bold">{pick.take}</span>
              <span className="block text-sm text-muted">
                {pick.locksAt === null ? "Locks when the pack closes" : `Locks ${formatShortDateTime(new Date(pick.locksAt))}`}
              </span>
            </span>
            <span className="tabular shrink-0 text-right text-sm font-bold">to win {pick.value.toLocaleString("en-US")} points</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-muted">
        If every pick wins: {total.toLocaleString("en-US")} points. You can switch a saved pick until its prop locks.
      </p>
    </Dialog>
  );
}
