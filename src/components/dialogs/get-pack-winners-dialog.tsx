"use client";

import { useState } from "react";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import type { z } from "zod";
import { ZPacksMissingWinnersPage, ZSetPackWinnersAnswer } from "@/domain/schemas/grading";
import { AT_ONCE } from "@/components/admin/grading/queue-list";
import type { DialogComponentProps } from "./dialog-types";
import { countOf } from "@/domain/plural";
import { toggled } from "@/components/ui/selection";
import { QueueDialogBody, useQueueDialogList } from "./keyset-dialog-list";
import { SelectAllHeader } from "@/components/admin/hub/select-all-header";

// The queue keys its rows by id: the pack's id is its airtableId.
const toPage = (answer: z.output<typeof ZPacksMissingWinnersPage>) => ({
  items: answer.packs.map((pack) => ({ ...pack, id: pack.airtableId })),
  nextCursor: answer.nextCursor,
});

/**
 * getPackWinners (docs/SCREENS.md §4.7): graded packs without winners; "Get Winners" computes and
 * stores them. 50 at a time with "Load more" (keyset cursor, docs/decisions/024-season-scale.md);
 * what is selected stays selected as pages are added.
 */
export default function GetPackWinnersDialog({ close, setBusy }: DialogComponentProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [processing, setProcessing] = useState(false);
  const [outcome, setOutcome] = useState<{ message: string; winners: string[]; errors: string[]; failed: boolean } | null>(null);

  const list = useQueueDialogList("/api/admin/gradedPacks", ZPacksMissingWinnersPage, "Failed to load packs", toPage);
  const chosen = (list.rows ?? []).filter((pack) => selected.has(pack.airtableId));

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
      await list.reload();
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
          {[
            { lines: outcome.winners, className: "font-normal text-ink" },
            { lines: outcome.errors, className: "text-lost" },
          ].map((group, index) =>
            group.lines.length > 0 ? (
              <ul key={index} className={`mt-1 list-disc pl-6 ${group.className}`}>
                {group.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null,
          )}
        </div>
      ) : null}
      <QueueDialogBody list={list} empty="No graded packs missing winners" noun={["pack", "packs"]}>
        {(packs) => (
          <DataTable
            label="Pack winners"
            head={
              <SelectAllHeader
                label="Select all packs shown"
                ids={packs.map((pack) => pack.airtableId)}
                selected={selected}
                setSelected={setSelected}
              />
            }
            columns={["Title", "Pack URL", { label: "Props", className: "text-right" }, { label: "Takes", className: "text-right" }]}
          >
            {packs.map((pack, index) => (
              <tr key={pack.airtableId}>
                <td className={tdClass}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${pack.title}`}
                    data-row-focus={index}
                    checked={selected.has(pack.airtableId)}
                    onChange={() => setSelected((current) => toggled(current, pack.airtableId))}
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
        )}
      </QueueDialogBody>
    </Dialog>
  );
}
