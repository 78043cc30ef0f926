"use client";

import { useEffect, useRef, useState } from "react";
import { AlertCircle, Gem, Loader2 } from "lucide-react";
import { announceBalanceChanged } from "@/components/shell/balance-events";
import { ResultPill } from "@/components/profile/result-pill";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatRecord } from "@/domain/grading";
import { formatTokens } from "@/domain/points";
import type { DialogComponentProps } from "./dialog-types";
import { fetchPackGradedSummary, type PackGradedSummaryView } from "./pack-graded-summary";

/**
 * packGraded (docs/SCREENS.md §4.2): per-prop results, total points, diamonds and
 * record. Once shown it is remembered for the profile (not the device), so it
 * appears once per player per pack.
 */
export default function PackGradedDialog({ props, close }: DialogComponentProps<{ packURL: string; summary?: PackGradedSummaryView }>) {
  const [summary, setSummary] = useState<PackGradedSummaryView | null | undefined>(props.summary);
  const marked = useRef(false);

  useEffect(() => {
    if (props.summary) return;
    let live = true;
    void fetchPackGradedSummary(props.packURL).then((loaded) => live && setSummary(loaded));
    return () => {
      live = false;
    };
  }, [props.packURL, props.summary]);

  useEffect(() => {
    if (!summary || marked.current) return;
    marked.current = true;
    void fetch(`/api/packs/${encodeURIComponent(props.packURL)}/graded`, { method: "POST" })
      .then(() => announceBalanceChanged())
      .catch(() => undefined);
  }, [summary, props.packURL]);

  if (summary === undefined) {
    return (
      <Dialog title="Your results">
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      </Dialog>
    );
  }
  if (summary === null) {
    return (
      <Dialog title="Your results" actions={<Button onClick={() => close()}>OK</Button>}>
        <p role="alert" className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          Failed to load
        </p>
      </Dialog>
    );
  }

  const { totals } = summary;
  return (
    <Dialog
      size="lg"
      title={`${summary.handle}, your takes have been graded`}
      description={
        <>
          Results are in for <strong className="text-ink">{summary.packTitle}</strong>.
        </>
      }
      actions={
        <Button data-autofocus onClick={() => close()}>
          OK
        </Button>
      }
    >
      <h3 className="text-sm font-bold uppercase tracking-wide text-muted">Your results</h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl bg-page p-3">
          <dt className="text-xs font-semibold text-muted">Total points</dt>
          <dd className="text-2xl font-extrabold tabular-nums" data-testid="graded-total-points">
            {totals.points.toLocaleString("en-US")}
          </dd>
        </div>
        <div className="rounded-xl bg-page p-3">
          <dt className="text-xs font-semibold text-muted">Diamonds</dt>
          <dd className="flex items-center justify-center gap-1 text-2xl font-extrabold tabular-nums" data-testid="graded-diamonds">
            <Gem size={18} aria-hidden="true" className="text-accent" />
            {formatTokens(totals.tokensCents)}
          </dd>
        </div>
        <div className="rounded-xl bg-page p-3">
          <dt className="text-xs font-semibold text-muted">Record</dt>
          <dd className="text-2xl font-extrabold tabular-nums" data-testid="graded-record">
            {formatRecord(totals)}
          </dd>
        </div>
      </dl>
      <div role="region" aria-label="Your graded takes" tabIndex={0} className="mt-4 relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs font-bold uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="py-2 pr-2">
                Prop
              </th>
              <th scope="col" className="px-2 py-2">
                Side
              </th>
              <th scope="col" className="px-2 py-2">
                Result
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Points
              </th>
              <th scope="col" className="py-2 pl-2 text-right">
                Diamonds
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.takes.map((take) => (
              <tr key={take.propId} className="border-t border-line">
                <td className="py-2 pr-2 font-semibold">{take.prop}</td>
                <td className="px-2 py-2">{take.sideLabel}</td>
                <td className="px-2 py-2">
                  <ResultPill result={take.result} />
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{take.points.toLocaleString("en-US")}</td>
                <td className="py-2 pl-2 text-right tabular-nums">{formatTokens(take.tokensCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
