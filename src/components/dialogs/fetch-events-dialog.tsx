"use client";

import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, InlineSuccess, Input } from "@/components/admin/hub/admin-ui";
import { ZEventCoverAnswer, ZFetchEventsAnswer, ZLeague } from "@/domain/schemas/events";
import { currentNflWeek } from "@/domain/nfl-weeks";
import type { DialogComponentProps } from "./dialog-types";
import { EspnImportDialog } from "./espn-import-dialog";
import { countOf } from "@/domain/plural";

interface FetchEventsProps {
  league?: string;
  year?: number;
  week?: number;
  /** YYYY-MM-DD */
  date?: string;
}

export interface FetchEventsResult {
  processedCount: number;
  eventIds: string[];
}

/**
 * fetchEvents (docs/SCREENS.md §4.7): imports an NFL week or an MLB day from ESPN.
 * Covers are made one event at a time after the import, so the progress bar
 * shows real progress.
 */
export default function FetchEventsDialog({ props, close, setBusy }: DialogComponentProps<FetchEventsProps, FetchEventsResult>) {
  const [league, setLeague] = useState(props.league ?? "nfl");
  // This week of the season by default: the commissioner's usual import is the games ahead.
  const [year, setYear] = useState(() => String(props.year ?? currentNflWeek().season));
  const [week, setWeek] = useState(() => String(props.week ?? currentNflWeek().week));
  const [date, setDate] = useState(props.date ?? "");
  const [generateCovers, setGenerateCovers] = useState(true);
  const [busy, setBusyState] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<FetchEventsResult | null>(null);

  const validate = (): string | null => {
    // The one list of leagues (src/config.ts), through the schema the import routes read it with.
    if (!ZLeague.safeParse(league).success) return "Unsupported league";
    if (league === "nfl") {
      const y = Number(year);
      const w = Number(week);
      if (!Number.isInteger(y) || y < 2000 || y > 3000) return "Year must be between 2000 and 3000";
      if (!Number.isInteger(w) || w < 1 || w > 25) return "Week must be between 1 and 25";
    } else if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "Pick a date";
    return null;
  };

  const run = async () => {
    const problem = validate();
    setError(problem);
    setResult(null);
    if (problem) return;
    setBusyState(true);
    setBusy(true);
    try {
      const answer =
        league === "nfl"
          ? await apiFetch("/api/admin/fetchNflEvents", {
              schema: ZFetchEventsAnswer,
              body: { year: Number(year), week: Number(week), generateCovers: false },
              fallback: "Fetch failed",
            })
          : await apiFetch("/api/admin/fetchMlbEvents", {
              schema: ZFetchEventsAnswer,
              body: { date: date.replaceAll("-", ""), generateCovers: false },
              fallback: "Fetch failed",
            });
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      const { processedCount, eventIds } = answer.data;
      if (generateCovers && eventIds.length) {
        setProgress({ done: 0, total: eventIds.length });
        for (const [index, eventId] of eventIds.entries()) {
          await apiFetch(`/api/admin/events/${eventId}/cover`, { schema: ZEventCoverAnswer, method: "POST", body: {} });
          setProgress({ done: index + 1, total: eventIds.length });
        }
      }
      setResult({ processedCount, eventIds });
    } finally {
      setBusyState(false);
      setBusy(false);
    }
  };

  return (
    <EspnImportDialog
      title="Fetch Events"
      league={league}
      onLeagueChange={setLeague}
      busy={busy}
      onFetch={run}
      onClose={() => close(result ?? undefined)}
    >
      {(id) => (
        <>
          {league === "nfl" ? (
            <div className="grid grid-cols-2 gap-3">
              {[
                { name: "year", label: "Year", min: 2000, max: 3000, value: year, onChange: setYear },
                { name: "week", label: "Week", min: 1, max: 25, value: week, onChange: setWeek },
              ].map((field) => (
                <Field key={field.name} id={`${id}-${field.name}`} label={field.label}>
                  <Input
                    id={`${id}-${field.name}`}
                    type="number"
                    inputMode="numeric"
                    min={field.min}
                    max={field.max}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    disabled={busy}
                  />
                </Field>
              ))}
            </div>
          ) : (
            <Field id={`${id}-date`} label="Date">
              <Input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} disabled={busy} />
            </Field>
          )}
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={generateCovers}
              onChange={(e) => setGenerateCovers(e.target.checked)}
              disabled={busy}
            />
            Generate event covers
          </label>
          {progress ? (
            <div>
              <div className="mb-1 text-sm text-muted" id={`${id}-progress-label`}>
                Generating covers {progress.done} of {progress.total}
              </div>
              <div
                role="progressbar"
                aria-labelledby={`${id}-progress-label`}
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                className="h-2 overflow-hidden rounded-full bg-line"
              >
                <div
                  className="h-full bg-accent transition-[width]"
                  style={{ width: `${(progress.done / Math.max(progress.total, 1)) * 100}%` }}
                />
              </div>
            </div>
          ) : null}
          <InlineError message={error} />
          <InlineSuccess
            message={
              result
                ? result.processedCount === 0
                  ? // Nothing failed, but nothing came: say so rather than "Processed 0 events" (issue 41 item 7).
                    `ESPN's answer had no games for ${league === "nfl" ? `${year} week ${week}` : date}.`
                  : `Processed ${countOf(result.processedCount, "event")}`
                : null
            }
          />
        </>
      )}
    </EspnImportDialog>
  );
}
