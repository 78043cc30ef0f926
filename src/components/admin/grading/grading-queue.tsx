"use client";

import { useCallback, useEffect, useId, useState } from "react";
import Link from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { countOf } from "@/domain/plural";
import { formatDateTime } from "@/domain/time";
import { apiFetch } from "@/components/api/api-fetch";
import { toggled } from "@/components/admin/hub/toggled";
import { EVENT_STATUS_LABELS } from "@/components/admin/events/event-row-summary";
import { ZAcceptSuggestedAnswer, ZGradingQueuePage, ZSuggestedGradesPreview, type QueuedProp } from "@/domain/schemas/grading";
import { KeysetRows, useKeysetList } from "@/components/admin/hub/keyset-list";
import { DataTable, tdClass, thClass, InlineOutcome } from "@/components/admin/hub/admin-ui";
import { AutoGradeLog } from "./auto-grade-log";
import { GameScores } from "./game-scores";
import { AT_ONCE } from "./queue-list";

type Row = QueuedProp & { id: string };

function suggestionText(prop: QueuedProp): string {
  if (prop.suggested) {
    const { outcome, resultText } = prop.suggested;
    const side = outcome === "A" ? prop.sideAShort : outcome === "B" ? prop.sideBShort : outcome === "push" ? "Push" : "Void";
    return `${side} (${resultText})`;
  }
  if (!prop.autoGrade) return "Manual: grade on the pack's page";
  return `${prop.autoGrade.state === "waiting" ? "Waiting" : "Needs setup"}: ${prop.autoGrade.detail}`;
}

function gameText(prop: QueuedProp): string {
  if (!prop.event) return "No game";
  const { status, homeScore, awayScore } = prop.event;
  const score = homeScore !== null && awayScore !== null && status !== "scheduled" ? ` · ${awayScore}-${homeScore}` : "";
  return `${EVENT_STATUS_LABELS[status] ?? status}${score}`;
}

/** /admin/grading: the one grading queue, with bulk accept of the suggested results (docs/SCREENS.md §3.14). */
export function GradingQueue() {
  const id = useId();
  const { openModal } = useModal();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const fetchPage = useCallback(async (cursor: string | null) => {
    const answer = await apiFetch(`/api/admin/gradingQueue${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
      schema: ZGradingQueuePage,
      fallback: "Failed to load props",
    });
    return answer.ok
      ? { items: answer.data.props.map((prop) => ({ ...prop, id: prop.propId })), nextCursor: answer.data.nextCursor }
      : null;
  }, []);
  const list = useKeysetList<Row>(fetchPage, "Failed to load props");
  const { rows, reload } = list;
  useEffect(() => void reload(), [reload]);

  const acceptable = (rows ?? []).filter((row) => row.suggested);
  const allSelected = acceptable.length > 0 && acceptable.every((row) => selected.has(row.propId));
  const toggle = (propId: string) => setSelected((current) => toggled(current, propId));

  const accept = async () => {
    const propIds = [...selected].slice(0, AT_ONCE);
    setMessage(null);
    setBusy(true);
    const preview = await apiFetch("/api/admin/gradingQueue/preview", {
      schema: ZSuggestedGradesPreview,
      body: { propIds },
      fallback: "Failed to check the selection",
    });
    setBusy(false);
    if (!preview.ok) return setMessage({ text: preview.error, error: true });
    const { props, players, texts, skipped } = preview.data;
    const stillOpen = (rows ?? []).filter(
      (row) => propIds.includes(row.propId) && row.status === "open" && !skipped.includes(row.propId),
    ).length;
    if (props === 0) return setMessage({ text: "None of the selected props has a suggested result any more.", error: true });
    const confirmed = await openModal("confirm", {
      title: "Accept suggested results?",
      message: [
        `Grade ${countOf(props, "prop")}, pay ${countOf(players, "player")}, text ${texts.toLocaleString("en-US")}.`,
        stillOpen
          ? `${countOf(stillOpen, "of them is", "of them are")} still open to picks: grading closes ${stillOpen === 1 ? "it" : "them"} now.`
          : null,
        skipped.length
          ? `${countOf(skipped.length, "selected prop has", "selected props have")} no suggested result now and stay in the queue.`
          : null,
      ]
        .filter(Boolean)
        .join(" "),
      confirmLabel: `Grade ${countOf(props, "prop")}`,
    });
    if (!confirmed) return;
    setBusy(true);
    const answer = await apiFetch("/api/admin/gradingQueue/accept", {
      schema: ZAcceptSuggestedAnswer,
      body: { propIds },
      fallback: "Failed to grade",
    });
    setBusy(false);
    if (!answer.ok) return setMessage({ text: answer.error, error: true });
    const { results, errors, textsQueued } = answer.data;
    setMessage({
      text: `Graded ${countOf(results.length, "prop")}; ${countOf(textsQueued, "text")} queued.${errors.length ? ` Not graded: ${errors.map((e) => e.error).join("; ")}` : ""}`,
      error: errors.length > 0,
    });
    setSelected(new Set());
    void reload();
  };

  return (
    <div className="grid gap-4">
      <GameScores onSaved={() => void reload()} />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void accept()} disabled={busy || selected.size === 0}>
          {busy ? "Working…" : `Accept suggested results (${selected.size})`}
        </Button>
        <Button variant="secondary" onClick={() => void reload()}>
          Refresh
        </Button>
      </div>
      <InlineOutcome message={message} />
      <KeysetRows list={list} noun={["prop", "props"]} empty="Nothing to grade: no prop's game is over or close has passed." quietOnError>
        {(rows) => (
          <DataTable
            label="Props to grade"
            columns={["Prop", "Game", "Suggested result", "Takes"]}
            tableClassName="w-full min-w-[48rem] text-sm"
            head={
              <th scope="col" className={`${thClass} w-10`}>
                <input
                  id={`${id}-all`}
                  type="checkbox"
                  className="h-5 w-5"
                  aria-label="Select all shown props with a suggested result"
                  checked={allSelected}
                  disabled={acceptable.length === 0}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(acceptable.map((row) => row.propId)))}
                />
              </th>
            }
          >
            {rows.map((prop) => (
              <tr key={prop.propId}>
                <td className={tdClass}>
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    aria-label={`Select ${prop.shortLabel} (${prop.packTitle})`}
                    checked={selected.has(prop.propId)}
                    disabled={!prop.suggested}
                    onChange={() => toggle(prop.propId)}
                  />
                </td>
                <td className={tdClass}>
                  <Link href={`/admin/grade/${prop.packURL}`} className="font-semibold text-accent hover:underline">
                    {prop.packTitle}
                  </Link>
                  <div>{prop.title}</div>
                  <div className="text-xs text-muted">{prop.status === "open" ? "Still taking picks" : "Closed"}</div>
                </td>
                <td className={tdClass}>
                  {prop.event ? (
                    <>
                      <div>{prop.event.title}</div>
                      <div className="text-xs text-muted">
                        {gameText(prop)} · {formatDateTime(new Date(prop.event.startTime))}
                      </div>
                    </>
                  ) : (
                    <span className="text-muted">No game</span>
                  )}
                </td>
                <td className={tdClass}>
                  <div className={prop.suggested ? "font-semibold" : "text-muted"}>{suggestionText(prop)}</div>
                  <AutoGradeLog prop={prop} />
                </td>
                <td className={`${tdClass} tabular`}>{prop.takeCount.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </KeysetRows>
    </div>
  );
}
