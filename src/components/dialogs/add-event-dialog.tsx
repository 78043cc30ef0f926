"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { Field, InlineError, Input, ItemOptions, labelClass, Select } from "@/components/admin/hub/admin-ui";
import { EventRowSummary, type EventSummary } from "@/components/admin/events/event-row-summary";
import { TIME_ZONE } from "@/config";
import { currentNflWeek, NFL_MAX_WEEK, nflWeekRange } from "@/domain/nfl-weeks";
import { ZEventLeaguesAnswer, ZEventsByDateAnswer, ZFetchEventsAnswer } from "@/domain/schemas/events";
import { addDays, nyDay } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";
import { useNflWeeks } from "./nfl-weeks";

interface AddEventProps {
  league?: string;
  /** One event (a prop's event) instead of several (a pack's events). */
  single?: boolean;
  selectedIds?: string[];
}

/** addEvent (docs/SCREENS.md §4.7): pick events by league and New York day or NFL week; resolves with the chosen events. */
export default function AddEventDialog({ props, close, setBusy }: DialogComponentProps<AddEventProps, EventSummary[]>) {
  const id = useId();
  const leaguesRead = useApiQuery("/api/admin/eventLeagues", { schema: ZEventLeaguesAnswer });
  const [league, setLeague] = useState(props.league ?? "");
  const [season, setSeason] = useState(() => String(currentNflWeek().season));
  const [week, setWeek] = useState("");
  const [date, setDate] = useState(() => nyDay(new Date()));
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<string, EventSummary>>(new Map());
  const preselected = new Set(props.selectedIds ?? []);

  const seasonNumber = Number(season);
  const seasonValid = Number.isInteger(seasonNumber) && seasonNumber >= 2000 && seasonNumber <= 2100;
  const weeks = useNflWeeks(league === "nfl" && seasonValid ? seasonNumber : null);

  const weekNumber = Number(week);
  const range =
    league === "nfl" && week && seasonValid ? (weeks.find((w) => w.week === weekNumber) ?? nflWeekRange(seasonNumber, weekNumber)) : null;
  const days = range ? daysBetween(range.start, range.end) : date ? [date] : [];

  const load = useCallback(async () => {
    if (!league || days.length === 0) {
      setEvents(null);
      return;
    }
    setLoading(true);
    setError(null);
    // One call per New York day (an NFL week is seven of them).
    const answers = await Promise.all(
      days.map((day) =>
        apiFetch(`/api/admin/eventsByDate?date=${day}&league=${league}&tz=${TIME_ZONE}`, {
          schema: ZEventsByDateAnswer,
          fallback: "Failed to fetch events",
        }),
      ),
    );
    setLoading(false);
    const failed = answers.find((a) => !a.ok);
    if (failed && !failed.ok) {
      setError(failed.error);
      setEvents([]);
      return;
    }
    setEvents(answers.flatMap((a) => (a.ok ? a.data.events : [])));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- days derive from league, season, week and date and are a new array each render: their joined value is the dependency
  }, [league, days.join(",")]);

  useEffect(() => {
    void load();
  }, [load]);

  const fetchFromEspn = async () => {
    if (!range) return;
    setFetching(true);
    setBusy(true);
    setError(null);
    const answer = await apiFetch("/api/admin/fetchNflEvents", {
      schema: ZFetchEventsAnswer,
      body: { year: seasonNumber, week: weekNumber, generateCovers: false },
      fallback: "Failed to fetch events",
    });
    setFetching(false);
    setBusy(false);
    if (!answer.ok) setError(answer.error);
    else await load();
  };

  const toggle = (event: EventSummary) => {
    setSelected((current) => {
      const next = new Map(props.single ? [] : current);
      if (current.has(event.id)) next.delete(event.id);
      else next.set(event.id, event);
      return next;
    });
  };

  return (
    <Dialog
      title="Add Event"
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          <Button onClick={() => close([...selected.values()])} disabled={selected.size === 0}>
            Add Selected
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        {leaguesRead.state.status === "loading" ? (
          <p role="status" className="text-muted">
            Loading leagues...
          </p>
        ) : null}
        <Field id={`${id}-league`} label="League">
          <Select id={`${id}-league`} value={league} onChange={(e) => setLeague(e.target.value)}>
            <option value="">Select a league</option>
            <ItemOptions
              items={leaguesRead.state.status === "ready" ? leaguesRead.state.data.leagues : []}
              value={(l) => l.value}
              label={(l) => l.label}
            />
          </Select>
        </Field>
        {league === "nfl" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-season`} label="Season Year" error={seasonValid ? null : "Season year must be between 2000 and 2100"}>
              <Input
                id={`${id}-season`}
                type="number"
                inputMode="numeric"
                min={2000}
                max={2100}
                value={season}
                aria-invalid={!seasonValid}
                aria-describedby={seasonValid ? undefined : `${id}-season-error`}
                onChange={(e) => setSeason(e.target.value)}
              />
            </Field>
            <Field
              id={`${id}-week`}
              label="Week"
              hint={range ? <span className="tabular">{`Range ${range.start} → ${range.end}`}</span> : null}
            >
              <Select
                id={`${id}-week`}
                value={week}
                onChange={(e) => setWeek(e.target.value)}
                aria-describedby={range ? `${id}-week-hint` : undefined}
              >
                <option value="">(none)</option>
                {Array.from({ length: NFL_MAX_WEEK }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    Week {i + 1}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        ) : null}
        <div className="flex items-end gap-2">
          <Field id={`${id}-date`} label="Filter by Date" className="grow">
            <Input id={`${id}-date`} type="date" value={date} disabled={Boolean(range)} onChange={(e) => setDate(e.target.value)} />
          </Field>
          <Button variant="secondary" onClick={() => setDate("")} disabled={Boolean(range) || !date}>
            Clear
          </Button>
        </div>

        <fieldset>
          <legend className={labelClass}>Events</legend>
          {loading ? (
            <p role="status" className="flex items-center gap-2 text-muted">
              <Loader2 size={16} className="animate-spin" aria-hidden="true" /> Loading events...
            </p>
          ) : events && events.length === 0 ? (
            <div className="rounded-lg bg-page p-4 text-center">
              <p className="text-muted">No events found for this league and date.</p>
              {league === "nfl" && range ? (
                <Button variant="secondary" className="mt-3" onClick={fetchFromEspn} disabled={fetching}>
                  {fetching ? "Fetching…" : "Fetch events"}
                </Button>
              ) : null}
            </div>
          ) : (
            <ul className="grid gap-2">
              {(events ?? []).map((event) => {
                const checked = selected.has(event.id);
                const already = preselected.has(event.id);
                return (
                  <li key={event.id}>
                    <label
                      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-2 ${checked ? "border-accent bg-accent-tint" : "border-line"}`}
                    >
                      <input
                        type={props.single ? "radio" : "checkbox"}
                        name={`${id}-event`}
                        className="h-5 w-5 shrink-0"
                        checked={checked}
                        disabled={already}
                        onChange={() => toggle(event)}
                        aria-label={`${event.eventTitle}${already ? " (already added)" : ""}`}
                      />
                      <EventRowSummary event={event} />
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <InlineError message={error ?? (leaguesRead.state.status === "error" ? leaguesRead.state.error : null)} />
      </div>
    </Dialog>
  );
}

function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end && days.length < 14; day = addDays(day, 1)) days.push(day);
  return days;
}
