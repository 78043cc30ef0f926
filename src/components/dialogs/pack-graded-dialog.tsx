"use client";

import { useEffect, useRef } from "react";
import { Gem } from "lucide-react";
import { LoadState, useApiQuery, type ApiQueryState } from "@/components/api/use-api-query";
import { announceBalanceChanged } from "@/components/shell/balance-events";
import { ResultPill } from "@/components/profile/result-pill";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ScrollTable } from "@/components/ui/scroll-table";
import { formatRecord } from "@/domain/grading";
import { formatTokens } from "@/domain/points";
import type { DialogComponentProps } from "./dialog-types";
import { Celebration } from "@/components/achievements/celebration";
import { countOf } from "@/domain/plural";
import { VPackGradedSummary } from "@/domain/schemas/play";
import type { PackGradedSummaryView } from "./pack-graded-summary";

/**
 * packGraded (docs/SCREENS.md §4.2): per-prop results, total points, diamonds and
 * record. Once shown it is remembered for the profile (not the device), so it
 * appears once per player per pack.
 */
export default function PackGradedDialog({ props, close }: DialogComponentProps<{ packURL: string; summary?: PackGradedSummaryView }>) {
  const marked = useRef(false);
  // The prompt that opens this dialog has usually read the summary already and passes it in.
  const loaded = useApiQuery(props.summary ? null : `/api/packs/${encodeURIComponent(props.packURL)}/graded`, {
    schema: VPackGradedSummary,
  });
  const state: ApiQueryState<PackGradedSummaryView> = props.summary ? { status: "ready", data: props.summary } : loaded.state;
  const summary = state.status === "ready" ? state.data : null;

  useEffect(() => {
    if (!summary || marked.current) return;
    marked.current = true;
    void fetch(`/api/packs/${encodeURIComponent(props.packURL)}/graded`, { method: "POST" })
      .then(() => announceBalanceChanged())
      .catch(() => undefined);
  }, [summary, props.packURL]);

  if (!summary) {
    return (
      <Dialog title="Your results" actions={state.status === "error" ? <Button onClick={() => close()}>OK</Button> : undefined}>
        <LoadState state={state} error="Failed to load" onRetry={loaded.retry}>
          {() => null}
        </LoadState>
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
      {/* Where a player first sees a prop won (issue 42 item 6): the words are announced; the burst stands still under reduced motion. */}
      {totals.won > 0 ? (
        <div className="mb-4">
          <Celebration
            testId="won-celebration"
            title={`You won ${countOf(totals.won, "prop")}!`}
            detail={`${totals.points.toLocaleString("en-US")} points from this pack.`}
          />
        </div>
      ) : null}
      <h3 className="text-sm font-bold uppercase tracking-wide text-muted">Your results</h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        {[
          { label: "Total points", testId: "graded-total-points", value: totals.points.toLocaleString("en-US") },
          {
            label: "Diamonds",
            testId: "graded-diamonds",
            className: "flex items-center justify-center gap-1",
            value: (
              <>
                <Gem size={18} aria-hidden="true" className="text-accent" />
                {formatTokens(totals.tokensCents)}
              </>
            ),
          },
          { label: "Record", testId: "graded-record", value: formatRecord(totals) },
        ].map((tile) => (
          <div key={tile.testId} className="rounded-xl bg-page p-3">
            <dt className="text-xs font-semibold text-muted">{tile.label}</dt>
            <dd className={`${tile.className ?? ""} text-2xl font-extrabold tabular-nums`} data-testid={tile.testId}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      <ScrollTable
        label="Your graded takes"
        className="mt-4"
        columns={[
          { label: "Prop", className: "py-2 pr-2" },
          { label: "Side", className: "px-2 py-2" },
          { label: "Result", className: "px-2 py-2" },
          { label: "Points", className: "px-2 py-2 text-right" },
          { label: "Diamonds", className: "py-2 pl-2 text-right" },
        ]}
      >
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
      </ScrollTable>
    </Dialog>
  );
}
