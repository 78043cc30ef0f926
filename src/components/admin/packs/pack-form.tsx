"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { LowercaseInput } from "@/components/admin/forms/lowercase-input";
import { ArrowDown, ArrowUp, ExternalLink, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { apiFetch, type ApiResult } from "@/components/api/api-fetch";
import { openingTextsNotice } from "@/components/admin/packs/opening-texts";
import type { PackOpenTextChoice } from "@/domain/schemas/pack-texts";
import { ZCreatePackRequest, ZPackAnswer, ZPackChangeAnswer, ZPackPropsAnswer, ZUpdatePackRequest } from "@/domain/schemas/packs";
import type { AdminProp } from "@/domain/schemas/props";
import { useDeleteProp } from "@/components/admin/props/use-delete-prop";
import { toNyDateTimeInput } from "@/domain/ny-datetime-input";
import {
  cardClass,
  DataTable,
  Field,
  InlineError,
  Input,
  inputClass,
  LeagueSelect,
  tdClass,
  TextArea,
  LabelledOptions,
} from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import { instantOf } from "@/components/admin/forms/instant-of";
import { EventRowSummary, type EventSummary } from "@/components/admin/events/event-row-summary";
import { PACK_STATUS_LABELS, PACK_STATUS_TRANSITIONS, slugify, type PackStatus } from "@/domain/authoring";
import { formatAdminDateTime, nyDay, nyWallTime } from "@/domain/time";
import { UrlPreview } from "@/components/admin/forms/url-preview";
import { DateTimeField, SelectField, InputField } from "@/components/admin/forms/input-field";

/** A row of "Props in this Pack": the fields of the props answer it shows. */
type PackFormProp = Pick<AdminProp, "propID" | "propShort" | "eventTitle" | "eventTime" | "takeCount">;

export interface PackFormData {
  id?: string;
  packUrl: string;
  title: string;
  league: string;
  status: PackStatus;
  summary: string | null;
  coverUrl: string | null;
  prizeTitle: string | null;
  prizeImageUrl: string | null;
  prizePoints: number | null;
  prizeSummary: string | null;
  openTime: string | null;
  closeTime: string | null;
  featured: boolean;
  events: EventSummary[];
  props: PackFormProp[];
}

type PackFormValues = {
  title: string;
  packUrl: string;
  league: string;
  summary: string;
  coverUrl: string;
  prizeTitle: string;
  prizeImageUrl: string;
  prizePoints: string;
  /** New York wall-clock times, as the datetime-local inputs hold them. */
  openTime: string;
  closeTime: string;
  featured: boolean;
  status: PackStatus;
  events: EventSummary[];
};

/** Where each of the pack request's fields is shown (prizeSummary and openText have no field: the form's root). */
const PACK_FIELDS = {
  title: "title",
  packUrl: "packUrl",
  league: "league",
  summary: "summary",
  coverUrl: "coverUrl",
  prizeTitle: "prizeTitle",
  prizeImageUrl: "prizeImageUrl",
  prizePoints: "prizePoints",
  openTime: "openTime",
  closeTime: "closeTime",
  status: "status",
  eventIds: "events",
} as const;

const OPEN_PRESETS = [
  ["event", "Event time"],
  ["1pm", "1pm event day"],
  ["4pm", "4pm event day"],
  ["3h", "3 hours before event"],
  ["1h", "1 hour before event"],
] as const;

const HOUR = 3_600_000;

/** A saved pack as the form goes on with it: where a new one is edited, and what an edit's opening texted. */
const savedPack = <T extends { pack: { id: string } }>(
  answer: ApiResult<T>,
  notice: (data: T) => string | null,
): ApiResult<{ packId: string; notice: string | null }> =>
  answer.ok ? { ok: true, data: { packId: answer.data.pack.id, notice: notice(answer.data) } } : answer;

/**
 * Create or edit a pack (docs/SCREENS.md §3.5 form): a react-hook-form form checked with the same
 * schema as the API (ZCreatePackRequest / ZUpdatePackRequest), each problem shown at its field
 * (docs/decisions/047-admin-forms.md). Props are added once the pack exists; they are saved by
 * their own calls (order, delete, add), not by the form.
 */
export function PackForm({ initial }: { initial: PackFormData }) {
  const id = useId();
  const router = useRouter();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const deleteProp = useDeleteProp();
  const editing = Boolean(initial.id);
  const { register, handleSubmit, control, watch, setValue, setError, formState } = useForm<PackFormValues>({
    defaultValues: {
      title: initial.title,
      packUrl: initial.packUrl,
      league: initial.league,
      summary: initial.summary ?? "",
      coverUrl: initial.coverUrl ?? "",
      prizeTitle: initial.prizeTitle ?? "",
      prizeImageUrl: initial.prizeImageUrl ?? "",
      prizePoints: initial.prizePoints === null ? "" : String(initial.prizePoints),
      openTime: toNyDateTimeInput(initial.openTime),
      closeTime: toNyDateTimeInput(initial.closeTime),
      featured: initial.featured,
      status: initial.status,
      events: initial.events,
    },
  });
  const { errors, isSubmitting } = formState;
  const f = useFieldProps(errors);
  const [props, setProps] = useState<PackFormProp[]>(initial.props);
  const [title, packUrl, league, coverUrl, events] = watch(["title", "packUrl", "league", "coverUrl", "events"]);

  const starts = events.map((e) => new Date(e.eventTime).getTime()).sort((a, b) => a - b);
  const earliest = starts[0] === undefined ? null : new Date(starts[0]);
  const latest = starts.at(-1) === undefined ? null : new Date(starts.at(-1)!);
  const statusChoices = [initial.status, ...PACK_STATUS_TRANSITIONS[initial.status]];
  /** A value a button fills in, as if typed: a problem shown at the field goes once it is put right. */
  const fill = (field: "packUrl" | "summary" | "coverUrl" | "openTime" | "closeTime", value: string) =>
    setValue(field, value, { shouldDirty: true, shouldValidate: true });
  const setTime = (field: "openTime" | "closeTime", at: Date) => fill(field, toNyDateTimeInput(at.toISOString()));

  const openPreset = (preset: (typeof OPEN_PRESETS)[number][0]) => {
    if (!earliest) return;
    const day = nyDay(earliest);
    const at = {
      event: earliest,
      "1pm": nyWallTime(day, 13),
      "4pm": nyWallTime(day, 16),
      "3h": new Date(earliest.getTime() - 3 * HOUR),
      "1h": new Date(earliest.getTime() - HOUR),
    }[preset];
    setTime("openTime", at);
  };

  const reloadProps = async () => {
    if (!initial.id) return;
    const answer = await apiFetch(`/api/admin/packs/${initial.id}`, { schema: ZPackAnswer });
    if (answer.ok) setProps(answer.data.pack.props);
  };

  const { onSubmit } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: editing ? ZUpdatePackRequest : ZCreatePackRequest,
      fields: PACK_FIELDS,
      payload: (values) => {
        const fields = {
          title: values.title,
          packUrl: values.packUrl,
          league: values.league,
          summary: values.summary,
          coverUrl: values.coverUrl,
          prizeTitle: values.prizeTitle,
          prizeImageUrl: values.prizeImageUrl,
          // Not a number (NaN) is refused by the schema at its field, never sent.
          prizePoints: values.prizePoints.trim() === "" ? null : Number(values.prizePoints),
          prizeSummary: initial.prizeSummary,
          openTime: instantOf(values.openTime),
          closeTime: instantOf(values.closeTime),
          eventIds: values.events.map((e) => e.id),
        };
        return editing ? { ...fields, featured: values.featured, status: values.status } : fields;
      },
      send: async (payload, values) => {
        const packId = initial.id;
        if (!packId)
          return savedPack(await apiFetch("/api/admin/packs", { schema: ZPackAnswer, method: "POST", body: payload }), () => null);
        let openText: PackOpenTextChoice | undefined;
        // Opening or publishing: confirm what subscribers are texted first, with the form's own times (decision 040).
        if (values.status !== initial.status && (values.status === "open" || values.status === "coming-soon")) {
          openText = await openModal("packOpenText", {
            packId,
            packTitle: values.title,
            status: values.status,
            openTime: payload.openTime,
            closeTime: payload.closeTime,
          });
          if (!openText) return undefined;
        }
        // An edit answers what its opening texted, if it opened the pack (decision 040).
        const answer = await apiFetch(`/api/admin/packs/${packId}`, {
          schema: ZPackChangeAnswer,
          method: "PATCH",
          body: { ...payload, openText },
        });
        return savedPack(answer, openingTextsNotice);
      },
      toast: ({ notice }) => (editing ? (notice ? `Pack saved. ${notice}` : "Pack saved") : "Pack created"),
      then: ({ packId }) => (editing ? router.refresh() : router.push(`/admin/packs/${packId}`)),
    },
  );

  const move = async (index: number, delta: -1 | 1) => {
    const order = props.map((p) => p.propID);
    const [moved] = order.splice(index, 1);
    order.splice(index + delta, 0, moved!);
    const answer = await apiFetch(`/api/admin/packs/${initial.id}/props`, {
      schema: ZPackPropsAnswer,
      method: "PUT",
      body: { propIds: order },
    });
    if (answer.ok) setProps(answer.data.props);
    else showToast(answer.error, "error");
  };

  const removeProp = async (prop: PackFormProp) => {
    if (await deleteProp(prop)) void reloadProps();
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid grid-cols-1 gap-5">
      <Controller
        control={control}
        name="events"
        render={({ field, fieldState }) => (
          <section
            className={cardClass}
            aria-labelledby={`${id}-events`}
            aria-describedby={fieldState.error ? `${f.id("events")}-error` : undefined}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`${id}-events`} className="text-lg font-bold">
                Linked Events
              </h2>
              <Button
                variant="secondary"
                onClick={async () => {
                  const picked = await openModal("addEvent", { league, selectedIds: field.value.map((e) => e.id) });
                  if (picked?.length) field.onChange([...field.value, ...picked.filter((p) => !field.value.some((c) => c.id === p.id))]);
                }}
              >
                Select Events
              </Button>
            </div>
            {fieldState.error?.message ? (
              <p id={`${f.id("events")}-error`} role="alert" className="mt-2 text-sm font-semibold text-lost">
                {fieldState.error.message}
              </p>
            ) : null}
            {field.value.length === 0 ? (
              <p className="mt-2 text-muted">No events linked.</p>
            ) : (
              <ul className="mt-3 grid grid-cols-1 gap-2">
                {field.value.map((event) => (
                  <li key={event.id} className="flex items-center justify-between gap-2 rounded-lg border border-line p-2">
                    <EventRowSummary event={event} />
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${event.eventTitle}`}
                      onClick={() => field.onChange(field.value.filter((e) => e.id !== event.id))}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      />

      <section className={`${cardClass} grid gap-4`} aria-label="Pack details">
        <div className="grid gap-4 md:grid-cols-2">
          <Field {...f.field("title")} label="Pack Title">
            <Input {...f.control("title")} maxLength={120} {...register("title")} />
          </Field>
          <Field {...f.field("packUrl")} label="Pack URL" hint={`/packs/${packUrl || "…"}`}>
            <div className="flex gap-2">
              <LowercaseInput control={control} name="packUrl" {...f.control("packUrl", { hint: true })} maxLength={80} />
              <Button variant="secondary" onClick={() => fill("packUrl", slugify(title))} disabled={!title.trim()}>
                Generate from Title
              </Button>
            </div>
          </Field>
          <Field {...f.field("league")} label="League">
            <LeagueSelect {...f.control("league")} {...register("league")} />
          </Field>
          {editing ? (
            <SelectField f={f} register={register} name="status" label="Status">
              <LabelledOptions values={statusChoices} labels={PACK_STATUS_LABELS} />
            </SelectField>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Field {...f.field("summary")} label="Summary">
            <TextArea {...f.control("summary")} className={`${inputClass} min-h-20`} maxLength={2000} {...register("summary")} />
          </Field>
          <div>
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              onClick={async () => {
                const text = await openModal("aiSummary", { eventIds: events.map((event) => event.id) });
                if (text) fill("summary", text);
              }}
            >
              <Sparkles size={16} aria-hidden="true" /> Generate AI Content
            </Button>
          </div>
        </div>
        <fieldset className="grid gap-3 rounded-xl border border-line p-3 md:grid-cols-3">
          <legend className="px-1 text-sm font-bold">Prize</legend>
          <InputField f={f} register={register} name="prizeTitle" label="Prize title" />
          <InputField f={f} register={register} name="prizeImageUrl" label="Prize image URL" />
          <InputField f={f} register={register} name="prizePoints" label="Points required" inputMode="numeric" />
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <DateTimeField f={f} register={register} name="openTime" label="Open Time (ET)" />
            <div className="mt-2 flex flex-wrap gap-1">
              {OPEN_PRESETS.map(([preset, label]) => (
                <Button
                  key={preset}
                  variant="secondary"
                  className="min-h-9 px-3 text-xs"
                  disabled={!earliest}
                  onClick={() => openPreset(preset)}
                >
                  {label}
                </Button>
              ))}
            </div>
          </div>
          <div>
            <DateTimeField f={f} register={register} name="closeTime" label="Close Time (optional, ET)" />
            <div className="mt-2 flex flex-wrap gap-1">
              {(
                [
                  ["Earliest event start time", earliest],
                  ["Latest event start time", latest],
                ] as const
              ).map(([label, at]) => (
                <Button
                  key={label}
                  variant="secondary"
                  className="min-h-9 px-3 text-xs"
                  disabled={!at}
                  onClick={() => at && setTime("closeTime", at)}
                >
                  {label}
                </Button>
              ))}
            </div>
          </div>
        </div>
        <Field {...f.field("coverUrl")} label="Cover Image">
          <div className="flex flex-wrap items-center gap-2">
            <Input
              {...f.control("coverUrl")}
              className={`${inputClass} sm:flex-1`}
              placeholder="https://… or a generated cover"
              {...register("coverUrl")}
            />
            <Button
              variant="secondary"
              disabled={!events.some((e) => e.coverUrl)}
              onClick={() => fill("coverUrl", events.find((e) => e.coverUrl)?.coverUrl ?? "")}
            >
              Use event cover
            </Button>
            {coverUrl ? <UrlPreview src={coverUrl} alt="Cover preview" className="h-16 w-16 shrink-0 rounded object-cover" /> : null}
          </div>
        </Field>
        {editing ? (
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" className="h-5 w-5" {...register("featured")} />
            Featured
          </label>
        ) : null}
      </section>

      <section className={cardClass} aria-labelledby={`${id}-props`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-props`} className="text-lg font-bold">
            Props in this Pack
          </h2>
          {editing ? (
            <Button
              variant="secondary"
              onClick={async () => {
                await openModal("addProp", { packId: initial.id, league, events });
                void reloadProps();
              }}
            >
              Add Prop
            </Button>
          ) : null}
        </div>
        {!editing ? (
          <p className="mt-2 text-muted">Create the pack first, then add its props.</p>
        ) : props.length === 0 ? (
          <p className="mt-2 text-muted">No props</p>
        ) : (
          <div className="mt-3">
            <DataTable label="Props in this pack" columns={["Prop Short", "Event", "Event Time", "Order", { hidden: "Actions" }]}>
              {props.map((prop, index) => (
                <tr key={prop.propID}>
                  <td className={`${tdClass} font-semibold`}>
                    <Link href={`/admin/props/${prop.propID}`} className="text-accent underline">
                      {prop.propShort}
                    </Link>
                  </td>
                  <td className={tdClass}>{prop.eventTitle ?? "—"}</td>
                  <td className={`${tdClass} tabular`}>{prop.eventTime ? formatAdminDateTime(new Date(prop.eventTime)) : "—"}</td>
                  <td className={tdClass}>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        className="px-3"
                        aria-label={`Move ${prop.propShort} up`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUp size={16} aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-3"
                        aria-label={`Move ${prop.propShort} down`}
                        disabled={index === props.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDown size={16} aria-hidden="true" />
                      </Button>
                    </div>
                  </td>
                  <td className={tdClass}>
                    <Button variant="ghost" className="text-lost" onClick={() => removeProp(prop)}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </section>

      <InlineError message={errors.root?.message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (editing ? "Saving…" : "Creating...") : editing ? "Save" : "Create Pack"}
        </Button>
        <Link href="/admin/packs" className="inline-flex min-h-11 items-center rounded-full border border-line px-5 text-sm font-bold">
          Cancel
        </Link>
        {editing ? (
          <a
            href={`/packs/${initial.packUrl}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line px-5 text-sm font-bold"
          >
            Preview as player <ExternalLink size={14} aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </form>
  );
}
