"use client";

import { useCallback, useEffect, useState } from "react";
import { AlertCircle, CheckCircle2, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import { ZPacksMissingWinnersPage, ZSetPackWinnersAnswer, type PackMissingWinners } from "@/domain/schemas/grading";
import { LoadMoreFooter, useKeysetList } from "@/components/admin/hub/keyset-list";
import { AT_ONCE, useLoadMoreFocus } from "@/components/admin/grading/queue-list";
import type { DialogComponentProps } from "./dialog-types";
import { countOf } from "@/domain/plural";

const FAILURE = "Failed to load packs";

/**
 * getPackWinners (docs/SCREENS.md §4.7): graded packs without winners; "Get Winners" computes and
 * stores them. 50 at a time with "Load more" (keyset cursor, docs/decisions/024-season-scale.md);
 * what is selected stays selected as pages are added.
 */
export default function GetPackWinnersDialog({ close, setBusy }: DialogComponentProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [processing, setProcessing] = useState(false);
  const [outcome, setOutcome] = useState<{ message: string; winners: string[]; errors: string[]; failed: boolean } | null>(null);

  const fetchPage = useCallback(async (cursor: string | null) => {
    const answer = await apiFetch(`/api/admin/gradedPacks${cursor ? `?${new URLSearchParams({ cursor })}` : ""}`, {
      schema: ZPacksMissingWinnersPage,
      fallback: FAILURE,
    });
    if (!answer.ok) return null;
    // useKeysetList keys its rows by id: the pack's id is its airtableId.
    const items: Array<PackMissingWinners & { id: string }> = answer.data.packs.map((pack) => ({ ...pack, id: pack.airtableId }));
    return { items, nextCursor: answer.data.nextCursor };
  }, []);
  const { rows: packs, nextCursor, loadingMore, error, reload: load, loadMore } = useKeysetList(fetchPage, FAILURE);
  useEffect(() => {
    void load();
  }, [load]);
  const { container, onLoadMore } = useLoadMoreFocus(packs?.length ?? 0, loadMore);
  const chosen = (packs ?? []).filter((pack) => selected.has(pack.airtableId));

  async function getWinners() {
    setProcessing(true);
    setBusy(true);
    const answer = await apiFetch("/api/admin/setPackWinners", {
      schema: ZSetPackWinnersAnswer,
      body: { packs: chosen.map((pack) => ({ airtableId: pack.airtableId, packURL: pack.packURL })) },
      fallback: "Failed to set winners",
    });
    if (answer.ok) {
      const body = answer.data;
      setOutcome({
        message: `Set winners for ${countOf(body.updatedCount, "pack")}.`,
        // Name each winner (docs/SCREENS.md §4.7), so the commissioner sees who won without opening the pack.
        winners: body.winners.map((w) =>
          w.handle ? `${w.title}: @${w.handle} wins with ${countOf(w.points ?? 0, "point")}` : `${w.title}: nobody played, no winner`,
        ),
        errors: body.errors.map((entry) => `${entry.packURL ?? "Pack"}: ${entry.error}`),
        failed: false,
      });
      setSelected(new Set());
      await load();
    } else {
      setOutcome({ message: answer.error, winners: [], errors: [], failed: true });
    }
    setProcessing(false);
    setBusy(false);
  }

  return (
    <Dialog
      title="Graded Packs Without Winners"
      description="Select the graded packs with no winner to compute and assign winners."
      size="xl"
      actions={
        <>
          <p role="status" className="mr-auto self-center text-sm text-muted">
            {chosen.length > AT_ONCE ? `${chosen.length} selected: choose at most ${AT_ONCE} at a time.` : ""}
          </p>
          <Button variant="secondary" onClick={() => close()} disabled={processing}>
            Close
          </Button>
          <Button onClick={getWinners} disabled={processing || chosen.length === 0 || chosen.length > AT_ONCE}>
            {processing ? "Processing..." : "Get Winners"}
          </Button>
        </>
      }
    >
      {outcome ? (
        <div
          role={outcome.failed ? "alert" : "status"}
          className={`mb-3 text-sm font-semibold ${outcome.failed ? "text-lost" : "text-won"}`}
        >
          <p className="flex items-center gap-2">
            {outcome.failed ? <AlertCircle size={16} aria-hidden="true" /> : <CheckCircle2 size={16} aria-hidden="true" />}
            {outcome.message}
          </p>
          {outcome.winners.length > 0 ? (
            <ul className="mt-1 list-disc pl-6 font-normal text-ink">
              {outcome.winners.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {outcome.errors.length > 0 ? (
            <ul className="mt-1 list-disc pl-6 text-lost">
              {outcome.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {packs === null ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      ) : packs.length === 0 && error ? (
        <p role="alert" className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          {FAILURE}
        </p>
      ) : packs.length === 0 ? (
        <p className="py-6 text-center text-muted">No graded packs missing winners</p>
      ) : (
        <div ref={container} className="grid gap-3">
          <DataTable
            label="Pack winners"
            columns={[
              "Select",
              "Title",
              "Pack URL",
              { label: "Props", className: "text-right" },
              { label: "Takes", className: "text-right" },
            ]}
          >
            {packs.map((pack, index) => (
              <tr key={pack.airtableId}>
                <td className={tdClass}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${pack.title}`}
                    data-row-focus={index}
                    checked={selected.has(pack.airtableId)}
                    onChange={() =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (next.has(pack.airtableId)) next.delete(pack.airtableId);
                        else next.add(pack.airtableId);
                        return next;
                      })
                    }
                    className="h-5 w-5"
                  />
                </td>
                <td className={`${tdClass} font-semibold`}>{pack.title}</td>
                <td className={`${tdClass} font-mono text-xs`}>{pack.packURL}</td>
                <td className={`${tdClass} tabular text-right`}>{pack.propsCount}</td>
                <td className={`${tdClass} tabular text-right`}>{pack.takeCount}</td>
              </tr>
            ))}
          </DataTable>
          {error ? (
            <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-lost">
              <AlertCircle size={16} aria-hidden="true" />
              {error}
            </p>
          ) : null}
          <LoadMoreFooter
            shown={packs.length}
            noun={["pack", "packs"]}
            hasMore={!!nextCursor}
            loading={loadingMore}
            onLoadMore={onLoadMore}
          />
        </div>
      )}
    </Dialog>
  );
}
