"use client";

import { useState } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { apiFetch } from "@/components/api/api-fetch";
import { toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { DateTimeInput, Field, Input, inputClass, ItemOptions, Select, TextArea, LabelledOptions } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { EventRowSummary, type EventSummary } from "@/components/admin/events/event-row-summary";
import { GRADING_RULE_LABELS } from "@/domain/authoring";
import { ZEventOddsAnswer } from "@/domain/schemas/events";
import { valuePreview, type PropDraft } from "./prop-draft";
import { SelectField, InputField } from "@/components/admin/forms/input-field";

interface PropFieldsProps {
  /** The react-hook-form form that holds the prop (the edit page's or the addProp dialog's). */
  form: UseFormReturn<PropDraft>;
  /** Events offered in the Event select (a pack's linked events). */
  events: EventSummary[];
  onEventsChange?: (events: EventSummary[]) => void;
  league?: string;
  disabled?: boolean;
}

type Side = "A" | "B";
type TextField =
  "eventId" | "closeTime" | "summary" | "sideAShort" | "sideBShort" | "sideATake" | "sideBTake" | "sideAMoneyline" | "sideBMoneyline";
const SIDE_FIELDS = {
  A: { short: "sideAShort", take: "sideATake", moneyline: "sideAMoneyline" },
  B: { short: "sideBShort", take: "sideBTake", moneyline: "sideBMoneyline" },
} as const;

/**
 * The prop fields shared by the addProp dialog and the prop edit page: event, labels, the two
 * sides with live point values, close time (ET) and the auto-grading rule. Each is a field of the
 * caller's react-hook-form form, its problem shown under it (docs/decisions/047-admin-forms.md).
 */
export function PropFields({ form, events, onEventsChange, league, disabled }: PropFieldsProps) {
  const { openModal } = useModal();
  const { register, control, getValues, setValue, formState } = form;
  const f = useFieldProps(formState.errors);
  const [oddsMessage, setOddsMessage] = useState<string | null>(null);
  const [oddsBusy, setOddsBusy] = useState(false);
  const [eventId, gradingRule, sideAMoneyline, sideBMoneyline] = useWatch({
    control,
    name: ["eventId", "gradingRule", "sideAMoneyline", "sideBMoneyline"],
  });
  const moneylines = { A: sideAMoneyline, B: sideBMoneyline };
  const event = events.find((e) => e.id === eventId) ?? null;

  // A value set for the admin counts as typed: it clears the field's problem, as typing would.
  const put = (name: TextField, value: string) => setValue(name, value, { shouldDirty: true, shouldValidate: true });

  const chooseEvent = (chosenId: string, pool = events) => {
    put("eventId", chosenId);
    const chosen = pool.find((e) => e.id === chosenId);
    if (!chosen) return;
    // Close time defaults to the game's start; sides default to the two teams (A away, B home).
    put("closeTime", toNyDateTimeInput(chosen.eventTime));
    const { awayTeam, homeTeam } = chosen;
    if (!getValues("sideAShort") && awayTeam) put("sideAShort", awayTeam.abbreviation);
    if (!getValues("sideBShort") && homeTeam) put("sideBShort", homeTeam.abbreviation);
    if (!getValues("sideATake") && awayTeam) put("sideATake", `The ${awayTeam.name} win`);
    if (!getValues("sideBTake") && homeTeam) put("sideBTake", `The ${homeTeam.name} win`);
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
    if (!eventId) return;
    setOddsBusy(true);
    setOddsMessage(null);
    const answer = await apiFetch(`/api/admin/events/${eventId}/odds`, { schema: ZEventOddsAnswer, fallback: "Fetch failed" });
    setOddsBusy(false);
    if (!answer.ok) return setOddsMessage(answer.error);
    const odds = answer.data.odds;
    if (!odds) return setOddsMessage("ESPN has no moneylines for this game.");
    const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
    put("sideAMoneyline", signed(odds.awayMoneyline));
    put("sideBMoneyline", signed(odds.homeMoneyline));
    setOddsMessage(`Moneylines from ${odds.provider ?? "ESPN"}.`);
  };

  const generateSummary = async () => {
    const text = await openModal("aiSummary", { eventId: eventId || null });
    if (text) put("summary", text);
  };

  const side = (which: Side) => {
    const names = SIDE_FIELDS[which];
    const preview = valuePreview(moneylines[which]);
    const moneyline = f.control(names.moneyline);
    const previewId = `${moneyline.id}-value`;
    return (
      <fieldset className="grid gap-3 rounded-xl border border-line p-3" disabled={disabled}>
        <legend className="px-1 text-sm font-bold">Side {which}</legend>
        <Field {...f.field(names.short)} label="Label">
          <Input {...f.control(names.short)} maxLength={60} {...register(names.short)} />
        </Field>
        <Field {...f.field(names.take)} label="Take">
          <Input {...f.control(names.take)} maxLength={200} {...register(names.take)} />
        </Field>
        <Field {...f.field(names.moneyline)} label="Moneyline">
          <div className="flex items-center gap-3">
            <Input
              id={moneyline.id}
              inputMode="numeric"
              placeholder="+150 or -150"
              // The live value (or "Invalid moneyline") describes the control, after the schema's problem when there is one.
              aria-describedby={[moneyline["aria-describedby"], previewId].filter(Boolean).join(" ")}
              aria-invalid={preview === null || moneyline["aria-invalid"] === true}
              {...register(names.moneyline)}
            />
            <output id={previewId} aria-live="polite" className={`shrink-0 font-bold tabular ${preview ? "" : "text-lost"}`}>
              {preview ?? "Invalid moneyline"}
            </output>
          </div>
        </Field>
      </fieldset>
    );
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <Field {...f.field("eventId")} label="Event">
          <div className="flex flex-wrap gap-2">
            <Controller
              control={control}
              name="eventId"
              render={({ field }) => (
                <Select
                  {...f.control("eventId")}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => chooseEvent(e.target.value)}
                  disabled={disabled}
                  className={`${inputClass} sm:flex-1`}
                >
                  <option value="">No event</option>
                  <ItemOptions items={events} value={(e) => e.id} label={(e) => e.shortName ?? e.eventTitle} />
                </Select>
              )}
            />
            <Button variant="secondary" onClick={pickOtherEvent} disabled={disabled}>
              {event ? "Change Event" : "Link Event"}
            </Button>
          </div>
        </Field>
        {event ? (
          <div className="mt-2 rounded-lg bg-page p-2">
            <EventRowSummary event={event} />
          </div>
        ) : null}
      </div>
      <Field {...f.field("shortLabel")} label="Short Label">
        <Input {...f.control("shortLabel")} maxLength={120} disabled={disabled} {...register("shortLabel")} />
      </Field>
      <div className="grid gap-2">
        <Field {...f.field("summary")} label="Summary">
          <TextArea
            {...f.control("summary")}
            className={`${inputClass} min-h-20`}
            maxLength={2000}
            disabled={disabled}
            {...register("summary")}
          />
        </Field>
        <Button variant="secondary" className="min-h-9 justify-self-end px-3" onClick={generateSummary} disabled={disabled}>
          <Sparkles size={16} aria-hidden="true" /> Generate AI Summary
        </Button>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {side("A")}
        {side("B")}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={useEspnOdds} disabled={disabled || !eventId || oddsBusy}>
          {oddsBusy ? "Loading…" : "Use ESPN odds"}
        </Button>
        <p className="text-sm text-muted" role="status">
          {oddsMessage ?? "Side A takes the away team's line, Side B the home team's."}
        </p>
      </div>
      <p className="text-sm text-muted">Changing a moneyline only affects takes made after you save.</p>
      <Field {...f.field("closeTime")} label="Close Time (ET)">
        <div className="flex flex-wrap gap-2">
          <DateTimeInput {...f.control("closeTime")} className={`${inputClass} sm:flex-1`} disabled={disabled} {...register("closeTime")} />
          <Button
            variant="secondary"
            disabled={disabled || !event}
            onClick={() => event && put("closeTime", toNyDateTimeInput(event.eventTime))}
          >
            When event starts
          </Button>
        </div>
      </Field>
      <fieldset className="grid gap-3 rounded-xl border border-line p-3" disabled={disabled}>
        <legend className="px-1 text-sm font-bold">Auto Grade Type</legend>
        <Select aria-label="Auto Grade Type" {...register("gradingRule")}>
          <LabelledOptions
            values={Object.keys(GRADING_RULE_LABELS) as Array<keyof typeof GRADING_RULE_LABELS>}
            labels={GRADING_RULE_LABELS}
          />
        </Select>
        {gradingRule === "who_wins" ? <SideSelect form={form} name="homeSide" label="Side that wins when the home team wins" /> : null}
        {gradingRule === "total_over_under" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField f={f} register={register} name="line" label="Total line" inputMode="decimal" />
            <SideSelect form={form} name="overSide" label="Over is side" />
          </div>
        ) : null}
        {gradingRule === "spread" ? (
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField f={f} register={register} name="spreadTeam" label="Team">
              <option value="home">Home</option>
              <option value="away">Away</option>
            </SelectField>
            <InputField f={f} register={register} name="line" label="Spread (e.g. -7 or +3.5)" inputMode="decimal" />
            <SideSelect form={form} name="teamSide" label="Team covers on side" />
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}

function SideSelect({ form, name, label }: { form: UseFormReturn<PropDraft>; name: "homeSide" | "overSide" | "teamSide"; label: string }) {
  const f = useFieldProps(form.formState.errors);
  return (
    <Field {...f.field(name)} label={label}>
      <Select {...f.control(name)} {...form.register(name)}>
        <option value="A">A</option>
        <option value="B">B</option>
      </Select>
    </Field>
  );
}
