"use client";

import { useEffect, useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { Field, InlineError, Input, ItemOptions } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { LowercaseInput } from "@/components/admin/forms/lowercase-input";
import { showSchemaIssues } from "@/components/admin/forms/schema-issues";
import type { EventSummary } from "@/components/admin/events/event-row-summary";
import { ExistingPropsPicker } from "@/components/admin/props/existing-props-picker";
import { PropFields } from "@/components/admin/props/prop-fields";
import { draftToRequest, EMPTY_DRAFT, inFormOrder, PROP_FIELDS, type PropDraft } from "@/components/admin/props/prop-draft";
import { slugify } from "@/domain/authoring";
import { ZEventAnswer } from "@/domain/schemas/events";
import { ZAdminPacksPage, ZPackPropsAnswer } from "@/domain/schemas/packs";
import { ZPackOpenTextAnswer, type PackOpenTextPreview } from "@/domain/schemas/pack-texts";
import { ZCreatePropRequest, ZPropAnswer, ZSuperPropAnswer, ZSuperPropRequest } from "@/domain/schemas/props";
import type { DialogComponentProps } from "./dialog-types";
import { useModal } from "./modal-context";
import { SelectField } from "@/components/admin/forms/input-field";

interface AddPropProps {
  /** The pack the props go to; without it (and not super-prop mode) the admin picks a pack. */
  packId?: string;
  league?: string;
  /** The pack's linked events, offered in the Event select. */
  events?: EventSummary[];
  eventId?: string;
  /** Publish the new prop as its own one-prop pack. */
  superProp?: boolean;
}

export interface AddPropResult {
  created?: Array<{ propID: string }>;
}

/**
 * addProp (docs/SCREENS.md §4.7): create a prop, add copies of existing ones, or publish a super
 * prop. One react-hook-form form holds the pack and the prop, checked with the request schema of
 * the route it goes to; each problem is shown at its field, the server's refusal below them.
 */
export default function AddPropDialog({ props, close, replace, setBusy }: DialogComponentProps<AddPropProps, AddPropResult>) {
  const id = useId();
  const [tab, setTab] = useState<"new" | "existing">("new");
  const [events, setEvents] = useState<EventSummary[]>(props.events ?? []);
  const form = useForm<PropDraft>({ defaultValues: { ...EMPTY_DRAFT, packId: props.packId ?? "" } });
  const { register, control, handleSubmit, setError, getValues, setValue, formState } = form;
  const f = useFieldProps(formState.errors);
  const eventId = useWatch({ control, name: "eventId" });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusyState] = useState(false);
  const needsPack = !props.packId && !props.superProp;
  const { openModal } = useModal();

  // The packs a new prop can go in: those not yet closed, soonest to close first.
  const packsRead = useApiQuery(
    needsPack
      ? `/api/admin/packs?statuses=draft,coming-soon,open&sort=close_asc&limit=100${props.league ? `&league=${props.league}` : ""}`
      : null,
    { schema: ZAdminPacksPage },
  );
  const packs = packsRead.state.status === "ready" ? packsRead.state.data.packs : null;

  useEffect(() => {
    // A prop opened for one event (events page "Create Prop") starts on it.
    if (!props.eventId) return;
    void apiFetch(`/api/admin/events/${props.eventId}`, { schema: ZEventAnswer }).then((answer) => {
      if (!answer.ok) return;
      setEvents((current) => (current.some((e) => e.id === answer.data.event.id) ? current : [...current, answer.data.event]));
    });
  }, [props.eventId]);
  useEffect(() => {
    const event = props.eventId && !eventId ? events.find((e) => e.id === props.eventId) : undefined;
    if (!event) return;
    setValue("eventId", event.id);
    setValue("sideAShort", event.awayTeam?.abbreviation ?? "");
    setValue("sideBShort", event.homeTeam?.abbreviation ?? "");
    setValue("sideATake", event.awayTeam ? `The ${event.awayTeam.name} win` : "");
    setValue("sideBTake", event.homeTeam ? `The ${event.homeTeam.name} win` : "");
  }, [events, props.eventId, eventId, setValue]);

  // Only the request is "busy" (the fields disabled, the dialog kept open), never the check before
  // it: a disabled control cannot take the focus its problem gives it.
  const run = async (work: () => Promise<void>) => {
    setBusyState(true);
    setBusy(true);
    try {
      await work();
    } finally {
      setBusyState(false);
      setBusy(false);
    }
  };

  /** Each of the request schema's problems at its field, the first on screen focused (docs/decisions/047-admin-forms.md). */
  const showIssues = (issues: readonly z.core.$ZodIssue[]) =>
    showSchemaIssues(inFormOrder(issues), setError, { ...PROP_FIELDS, ...(needsPack ? {} : { packId: "root" }) });

  const createProp = handleSubmit(async (values) => {
    const request = draftToRequest(values);
    if (props.superProp) {
      const body = { ...request, packTitle: values.packTitle, packUrl: values.packUrl };
      const checked = ZSuperPropRequest.safeParse(body);
      if (!checked.success) return void showIssues(checked.error.issues);
      // The same send-or-skip text preview as every other opening, before anything is created
      // (docs/decisions/065-status-follows-the-clock.md): a dry run works out the text.
      let preview: PackOpenTextPreview | undefined;
      await run(async () => {
        const answer = await apiFetch("/api/admin/props/super/openText", { schema: ZPackOpenTextAnswer, body });
        if (!answer.ok) return setError("root", { message: answer.error });
        preview = answer.data.preview;
      });
      if (!preview) return;
      const choice = await openModal("packOpenText", { packTitle: checked.data.packTitle, status: "open", preview });
      if (!choice) return;
      // "Send text" sends the wording previewed (or edited), not one worked out again a minute later.
      const openText = choice.send ? { send: true, message: choice.message ?? preview.message } : choice;
      await run(async () => {
        const answer = await apiFetch("/api/admin/props/super", { schema: ZSuperPropAnswer, body: { ...body, openText } });
        if (!answer.ok) return setError("root", { message: answer.error });
        replace("superPropCreated", { packUrl: answer.data.packUrl });
      });
      return;
    }
    if (!values.packId) return setError("packId", { message: "Pick a pack first." }, { shouldFocus: true });
    const body = { ...request, packId: values.packId };
    const checked = ZCreatePropRequest.safeParse(body);
    if (!checked.success) return void showIssues(checked.error.issues);
    await run(async () => {
      const answer = await apiFetch("/api/admin/props", { schema: ZPropAnswer, body });
      if (!answer.ok) return setError("root", { message: answer.error });
      close({ created: [answer.data.prop] });
    });
  });

  const addExisting = handleSubmit(async (values) => {
    if (!values.packId) return setError("packId", { message: "Pick a pack first." }, { shouldFocus: true });
    await run(async () => {
      const answer = await apiFetch(`/api/admin/packs/${values.packId}/props`, {
        schema: ZPackPropsAnswer,
        body: { copyPropIds: [...selected] },
      });
      if (!answer.ok) return setError("root", { message: answer.error });
      close({ created: answer.data.props });
    });
  });

  const primary =
    tab === "new" ? (
      <Button onClick={() => void createProp()} disabled={busy}>
        {busy ? "Saving…" : props.superProp ? "Publish Super Prop" : "Create Prop"}
      </Button>
    ) : (
      <Button onClick={() => void addExisting()} disabled={busy || selected.size === 0}>
        {busy ? "Saving…" : "Submit"}
      </Button>
    );

  return (
    <Dialog
      title="Add Prop"
      size="xl"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()} disabled={busy}>
            Close
          </Button>
          {primary}
        </>
      }
    >
      <div className="grid gap-4">
        {props.superProp ? null : (
          <div role="tablist" aria-label="Add Prop" className="flex gap-1 border-b border-line">
            {(
              [
                ["new", "New prop"],
                ["existing", "Existing props"],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                id={`${id}-tab-${value}`}
                aria-selected={tab === value}
                aria-controls={`${id}-panel-${value}`}
                onClick={() => setTab(value)}
                className={`min-h-11 border-b-2 px-4 font-semibold ${tab === value ? "border-accent text-accent" : "border-transparent text-muted"}`}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        {needsPack ? (
          <SelectField f={f} register={register} name="packId" label="Pack">
            <option value="">{packs === null ? "Loading packs..." : "Select a pack"}</option>
            <ItemOptions
              items={packs ?? []}
              value={(p) => p.id}
              label={(p) => (
                <>
                  {p.title} ({p.league.toUpperCase()}, {p.status})
                </>
              )}
            />
          </SelectField>
        ) : null}
        <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={props.superProp ? undefined : `${id}-tab-${tab}`}>
          {tab === "new" ? (
            <div className="grid gap-4">
              {props.superProp ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <Controller
                    control={control}
                    name="packTitle"
                    render={({ field }) => (
                      <Field {...f.field("packTitle")} label="Pack Title">
                        <Input
                          {...f.control("packTitle")}
                          ref={field.ref}
                          name={field.name}
                          value={field.value}
                          maxLength={120}
                          onBlur={field.onBlur}
                          onChange={(e) => {
                            // The URL follows the title until the admin writes one of their own.
                            const wasGenerated = getValues("packUrl") === slugify(field.value);
                            field.onChange(e.target.value);
                            if (wasGenerated) setValue("packUrl", slugify(e.target.value), { shouldValidate: true });
                          }}
                        />
                      </Field>
                    )}
                  />
                  <Field {...f.field("packUrl")} label="Pack URL">
                    <LowercaseInput control={control} name="packUrl" {...f.control("packUrl")} maxLength={80} />
                  </Field>
                </div>
              ) : null}
              <PropFields form={form} events={events} onEventsChange={setEvents} league={props.league} disabled={busy} />
            </div>
          ) : (
            <ExistingPropsPicker selected={selected} onSelectedChange={setSelected} />
          )}
        </div>
        <InlineError message={formState.errors.root?.message} />
      </div>
    </Dialog>
  );
}
