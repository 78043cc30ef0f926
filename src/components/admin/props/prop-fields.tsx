"use client";

import { useId, useState } from "react";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { apiFetch } from "@/components/api/api-fetch";
import { toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { inputClass, labelClass } from "@/components/admin/hub/admin-ui";
import { EventRowSummary, type EventSummary } from "@/components/admin/events/event-row-summary";
import { GRADING_RULE_LABELS } from "@/domain/authoring";
import { ZEventOddsAnswer } from "@/domain/schemas/events";
import { valuePreview, type GradingChoice, type PropDraft } from "./prop-draft";

interface PropFieldsProps {
  draft: PropDraft;
  onChange: (draft: PropDraft) => void;
  /** Events offered in the Event select (a pack's linked events). */
  events: EventSummary[];
  onEventsChange?: (events: EventSummary[]) => void;
  league?: string;
  showGrading?: boolean;
  disabled?: boolean;
}

/**
 * The prop fields shared by the addProp dialog and the prop edit page:
 * event, labels, the two sides with live point values, close time (ET) and
 * the auto-grading rule.
 */
export function PropFields({ draft, onChange, events, onEventsChange, league, showGrading = true, disabled }: PropFieldsProps) {
  const id = useId();
  const { openModal } = useModal();
  const [oddsMessage, setOddsMessage] = useState<string | null>(null);
  const [oddsBusy, setOddsBusy] = useState(false);
  const set = <K extends keyof PropDraft>(key: K, value: PropDraft[K]) => onChange({ ...draft, [key]: value });
  const event = events.find((e) => e.id === draft.eventId) ?? null;

  const chooseEvent = (eventId: string | null, pool = events) => {
    const chosen = pool.find((e) => e.id === eventId) ?? null;
    const next: PropDraft = { ...draft, eventId };
    // Close time defaults to the game's start; sides default to the two teams (A away, B home).
    if (chosen) {
      next.closeTime = toNyDateTimeInput(chosen.eventTime);
      if (!draft.sideAShort && chosen.awayTeam) next.sideAShort = chosen.awayTeam.abbreviation;
      if (!draft.sideBShort && chosen.homeTeam) next.sideBShort = chosen.homeTeam.abbreviation;
      if (!draft.sideATake && chosen.awayTeam) next.sideATake = `The ${chosen.awayTeam.name} win`;
      if (!draft.sideBTake && chosen.homeTeam) next.sideBTake = `The ${chosen.homeTeam.name} win`;
    }
    onChange(next);
  };

  const pickOtherEvent = async () => {
    const picked = await openModal("addEvent", { league, single: true });
    const chosen = picked?.[0];
    if (!chosen) return;
    const pool = events.some((e) => e.id === chosen.id) ? events : [...events, chosen];
    onEventsChange?.(pool);
    chooseEvent(chosen.id, pool);
  };

  const useEspnOdds = async () => {
    if (!draft.eventId) return;
    setOddsBusy(true);
    setOddsMessage(null);
    const answer = await apiFetch(`/api/admin/events/${draft.eventId}/odds`, { schema: ZEventOddsAnswer, fallback: "Fetch failed" });
    setOddsBusy(false);
    if (!answer.ok) return setOddsMessage(answer.error);
    const odds = answer.data.odds;
    if (!odds) return setOddsMessage("ESPN has no moneylines for this game.");
    const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
    onChange({ ...draft, sideAMoneyline: signed(odds.awayMoneyline), sideBMoneyline: signed(odds.homeMoneyline) });
    setOddsMessage(`Moneylines from ${odds.provider ?? "ESPN"}.`);
  };

  const generateSummary = async () => {
    const text = await openModal("aiSummary", { eventId: draft.eventId });
    if (text) set("summary", text);
  };

  const side = (which: "A" | "B") => {
    const short = which === "A" ? "sideAShort" : "sideBShort";
    const take = which === "A" ? "sideATake" : "sideBTake";
    const moneyline = which === "A" ? "sideAMoneyline" : "sideBMoneyline";
    const preview = valuePreview(draft[moneyline]);
    return (
      <fieldset className="grid gap-3 rounded-xl border border-line p-3" disabled={disabled}>
        <legend className="px-1 text-sm font-bold">Side {which}</legend>
        <div>
          <label htmlFor={`${id}-${short}`} className={labelClass}>
            Label
          </label>
          <input id={`${id}-${short}`} className={inputClass} value={draft[short]} maxLength={60} onChange={(e) => set(short, e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-${take}`} className={labelClass}>
            Take
          </label>
          <input id={`${id}-${take}`} className={inputClass} value={draft[take]} maxLength={200} onChange={(e) => set(take, e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-${moneyline}`} className={labelClass}>
            Moneyline
          </label>
          <div className="flex items-center gap-3">
            <input
              id={`${id}-${moneyline}`}
              className={inputClass}
              inputMode="numeric"
              placeholder="+150 or -150"
              value={draft[moneyline]}
              aria-describedby={`${id}-${moneyline}-value`}
              aria-invalid={preview === null}
              onChange={(e) => set(moneyline, e.target.value)}
            />
            <output id={`${id}-${moneyline}-value`} aria-live="polite" className={`shrink-0 font-bold tabular ${preview ? "" : "text-lost"}`}>
              {preview ?? "Invalid moneyline"}
            </output>
          </div>
        </div>
      </fieldset>
    );
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <label htmlFor={`${id}-event`} className={labelClass}>
          Event
        </label>
        <div className="flex flex-wrap gap-2">
          <select
            id={`${id}-event`}
            className={`${inputClass} sm:flex-1`}
            value={draft.eventId ?? ""}
            disabled={disabled}
            onChange={(e) => chooseEvent(e.target.value || null)}
          >
            <option value="">No event</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.shortName ?? e.eventTitle}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={pickOtherEvent} disabled={disabled}>
            {event ? "Change Event" : "Link Event"}
          </Button>
        </div>
        {event ? (
          <div className="mt-2 rounded-lg bg-page p-2">
            <EventRowSummary event={event} />
          </div>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-short`} className={labelClass}>
          Short Label
        </label>
        <input id={`${id}-short`} className={inputClass} value={draft.shortLabel} maxLength={120} disabled={disabled} onChange={(e) => set("shortLabel", e.target.value)} />
      </div>
      <div>
        <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={`${id}-summary`} className="text-sm font-semibold">
            Summary
          </label>
          <Button variant="secondary" className="min-h-9 px-3" onClick={generateSummary} disabled={disabled}>
            <Sparkles size={16} aria-hidden="true" /> Generate AI Summary
          </Button>
        </div>
        <textarea id={`${id}-summary`} className={`${inputClass} min-h-20`} value={draft.summary} maxLength={2000} disabled={disabled} onChange={(e) => set("summary", e.target.value)} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {side("A")}
        {side("B")}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={useEspnOdds} disabled={disabled || !draft.eventId || oddsBusy}>
          {oddsBusy ? "Loading…" : "Use ESPN odds"}
        </Button>
        <p className="text-sm text-muted" role="status">
          {oddsMessage ?? "Side A takes the away team's line, Side B the home team's."}
        </p>
      </div>
      <p className="text-sm text-muted">Changing a moneyline only affects takes made after you save.</p>
      <div>
        <label htmlFor={`${id}-close`} className={labelClass}>
          Close Time (ET)
        </label>
        <div className="flex flex-wrap gap-2">
          <input id={`${id}-close`} className={`${inputClass} sm:flex-1`} type="datetime-local" value={draft.closeTime} disabled={disabled} onChange={(e) => set("closeTime", e.target.value)} />
          <Button variant="secondary" disabled={disabled || !event} onClick={() => event && set("closeTime", toNyDateTimeInput(event.eventTime))}>
            When event starts
          </Button>
        </div>
      </div>
      {showGrading ? (
        <fieldset className="grid gap-3 rounded-xl border border-line p-3" disabled={disabled}>
          <legend className="px-1 text-sm font-bold">Auto Grade Type</legend>
          <select aria-label="Auto Grade Type" className={inputClass} value={draft.gradingRule} onChange={(e) => set("gradingRule", e.target.value as GradingChoice)}>
            {(Object.keys(GRADING_RULE_LABELS) as Array<keyof typeof GRADING_RULE_LABELS>).map((rule) => (
              <option key={rule} value={rule}>
                {GRADING_RULE_LABELS[rule]}
              </option>
            ))}
          </select>
          {draft.gradingRule === "who_wins" ? (
            <SideSelect id={`${id}-home-side`} label="Side that wins when the home team wins" value={draft.homeSide} onChange={(v) => set("homeSide", v)} />
          ) : null}
          {draft.gradingRule === "total_over_under" ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <LineInput id={`${id}-line`} label="Total line" value={draft.line} onChange={(v) => set("line", v)} />
              <SideSelect id={`${id}-over-side`} label="Over is side" value={draft.overSide} onChange={(v) => set("overSide", v)} />
            </div>
          ) : null}
          {draft.gradingRule === "spread" ? (
            <div className="grid gap-3 sm:grid-cols-3">
              <div>
                <label htmlFor={`${id}-spread-team`} className={labelClass}>
                  Team
                </label>
                <select id={`${id}-spread-team`} className={inputClass} value={draft.spreadTeam} onChange={(e) => set("spreadTeam", e.target.value as "home" | "away")}>
                  <option value="home">Home</option>
                  <option value="away">Away</option>
                </select>
              </div>
              <LineInput id={`${id}-spread-line`} label="Spread (e.g. -7 or +3.5)" value={draft.line} onChange={(v) => set("line", v)} />
              <SideSelect id={`${id}-team-side`} label="Team covers on side" value={draft.teamSide} onChange={(v) => set("teamSide", v)} />
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}

function SideSelect({ id, label, value, onChange }: { id: string; label: string; value: "A" | "B"; onChange: (v: "A" | "B") => void }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value as "A" | "B")}>
        <option value="A">A</option>
        <option value="B">B</option>
      </select>
    </div>
  );
}

function LineInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
