"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, buttonClass } from "@/components/ui/button";
import { CONTEST_STATUS_LABELS, CONTEST_STATUSES, type ContestStatus } from "@/domain/contest-status";
import { toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { type PackOption, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { ZSavedSeries, ZSeriesForm } from "@/domain/schemas/series";
import { ShareContestButton } from "@/components/contests/share-contest-button";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, Input, TextArea, LabelledOptions } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { CollectionPacksField } from "@/components/admin/forms/collection-packs-field";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import { instantOf } from "@/components/admin/forms/instant-of";
import { COLLECTION_KINDS, type CollectionKind } from "@/components/admin/collection-kinds";
import { UrlPreview } from "@/components/admin/forms/url-preview";
import { DateTimeField, InputField, SelectField } from "@/components/admin/forms/input-field";

/** A saved collection as its edit page hands it over; the contest's own fields are absent for a series. */
export interface CollectionFormInitial {
  /** The contest's ID or the series' slug: what its URLs name it by. */
  id: string;
  title: string;
  summary: string | null;
  coverUrl: string | null;
  packs: PackOption[];
  details?: string | null;
  prize?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  status?: ContestStatus;
}

type CollectionFormValues = {
  title: string;
  /** A series' slug, typed on create only. */
  slug: string;
  summary: string;
  details: string;
  prize: string;
  coverUrl: string;
  /** New York wall-clock times, as the datetime-local inputs hold them. */
  startsAt: string;
  endsAt: string;
  status: ContestStatus;
  packs: PackOption[];
};

/**
 * What differs between the kinds besides their words and URLs (COLLECTION_KINDS): their request,
 * checked with the API's own schema, and their answer. A contest has details, a prize, times and a
 * status; a series a slug, fixed once made, and its packs in order.
 */
const KINDS = {
  contest: {
    packs: { legend: "Packs", ordered: false, addTitle: undefined },
    schema: ZContestForm,
    answer: ZSavedContest,
    payload: (values: CollectionFormValues) => ({
      title: values.title,
      summary: values.summary,
      details: values.details,
      prize: values.prize,
      coverUrl: values.coverUrl,
      startsAt: instantOf(values.startsAt),
      endsAt: instantOf(values.endsAt),
      status: values.status,
      packIds: values.packs.map((pack) => pack.id),
    }),
    /** Where each of ZContestForm's fields is shown. */
    fields: {
      title: "title",
      summary: "summary",
      details: "details",
      prize: "prize",
      coverUrl: "coverUrl",
      startsAt: "startsAt",
      endsAt: "endsAt",
      status: "status",
      packIds: "packs",
    },
  },
  series: {
    packs: { legend: "Packs (in order)", ordered: true, addTitle: "Add Packs to Series" },
    schema: ZSeriesForm,
    answer: ZSavedSeries,
    payload: (values: CollectionFormValues, editing: boolean) => ({
      title: values.title,
      slug: editing ? null : values.slug,
      summary: values.summary,
      coverUrl: values.coverUrl,
      packIds: values.packs.map((pack) => pack.id),
    }),
    /** Where each of ZSeriesForm's fields is shown. */
    fields: { title: "title", slug: "slug", summary: "summary", coverUrl: "coverUrl", packIds: "packs" },
  },
} as const;

/**
 * Create or edit a contest (docs/SCREENS.md §3.3) or a series: one react-hook-form form for both
 * kinds of collection (docs/decisions/044-collections.md), checked with the same schema as the API
 * (ZContestForm, ZSeriesForm), each problem shown at its field (docs/decisions/047-admin-forms.md).
 */
export function CollectionForm({ kind, initial }: { kind: CollectionKind; initial?: CollectionFormInitial }) {
  const router = useRouter();
  const { openModal } = useModal();
  const editing = Boolean(initial);
  const { noun, admin, api } = COLLECTION_KINDS[kind];
  const { packs } = KINDS[kind];
  const { register, handleSubmit, control, watch, setError, formState } = useForm<CollectionFormValues>({
    defaultValues: {
      title: initial?.title ?? "",
      slug: "",
      summary: initial?.summary ?? "",
      details: initial?.details ?? "",
      prize: initial?.prize ?? "",
      coverUrl: initial?.coverUrl ?? "",
      startsAt: toNyDateTimeInput(initial?.startsAt),
      endsAt: toNyDateTimeInput(initial?.endsAt),
      status: initial?.status ?? "open",
      packs: initial?.packs ?? [],
    },
  });
  const { errors, isSubmitting } = formState;
  const f = useFieldProps(errors);
  const [title, summary, coverUrl] = watch(["title", "summary", "coverUrl"]);

  const { onSubmit } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: KINDS[kind].schema,
      fields: KINDS[kind].fields,
      payload: (values) => KINDS[kind].payload(values, editing),
      send: (payload) =>
        apiFetch(initial ? `${api}/${initial.id}` : api, {
          schema: KINDS[kind].answer,
          method: initial ? "PATCH" : "POST",
          body: payload,
        }),
      toast: editing ? `${noun} saved` : `${noun} created`,
      then: (saved) => {
        if (editing) router.refresh();
        else router.push(`${admin}/${"contestID" in saved ? saved.contestID : saved.slug}`);
      },
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <InlineError message={errors.root?.message} />
      <Field {...f.field("title")} label="Title">
        <Input {...f.control("title")} required placeholder={`${noun} title`} {...register("title")} />
      </Field>
      {kind === "contest" ? null : initial ? (
        <p className="text-sm text-muted">
          Link:{" "}
          <Link href={`/series/${initial.id}`} className="font-semibold text-accent hover:underline">
            /series/{initial.id}
          </Link>
        </p>
      ) : (
        <InputField
          f={f}
          register={register}
          name="slug"
          label="Slug"
          hint="Used in links and promo cards; it cannot change later. Blank makes one from the title."
          placeholder="e.g. eagles-season (optional)"
        />
      )}
      <InputField f={f} register={register} name="summary" label="Summary" placeholder="Short description (optional)" />
      {kind === "contest" ? (
        <>
          <Field {...f.field("details")} label="Details" hint="Line breaks are kept on the contest page.">
            <TextArea {...f.control("details", { hint: true })} rows={4} {...register("details")} />
          </Field>
          <InputField f={f} register={register} name="prize" label="Prize" placeholder="e.g. 1000 diamonds" />
          <div className="grid gap-4 sm:grid-cols-2">
            <DateTimeField f={f} register={register} name="startsAt" label="Start Time (ET)" />
            <DateTimeField f={f} register={register} name="endsAt" label="End Time (ET)" />
          </div>
          <Field {...f.field("coverUrl")} label="Contest Cover">
            <div className="flex items-center gap-3">
              <Input {...f.control("coverUrl")} type="url" placeholder="https://… cover image URL" {...register("coverUrl")} />
              {/^https?:\/\//.test(coverUrl) ? (
                <UrlPreview src={coverUrl} alt="Cover preview" className="h-11 w-11 shrink-0 rounded-lg object-cover" />
              ) : null}
            </div>
          </Field>
          <SelectField
            f={f}
            register={register}
            name="status"
            label="Status"
            hint="Draft hides the contest. Otherwise it opens at its start, closes at its end and is graded once all its packs are."
          >
            <LabelledOptions values={CONTEST_STATUSES} labels={CONTEST_STATUS_LABELS} />
          </SelectField>
        </>
      ) : (
        <InputField f={f} register={register} name="coverUrl" label="Cover image URL" type="url" />
      )}
      <Controller
        control={control}
        name="packs"
        render={({ field, fieldState }) => (
          <CollectionPacksField
            legend={packs.legend}
            ordered={packs.ordered}
            packs={field.value}
            onChange={field.onChange}
            onAdd={async () => {
              const chosen = await openModal(
                "addPacksToContest",
                packs.addTitle ? { selected: field.value, title: packs.addTitle } : { selected: field.value },
              );
              if (!chosen) return;
              if (!packs.ordered) return field.onChange(chosen);
              // Keep the current order; newly chosen packs go to the end.
              const chosenIds = new Set(chosen.map((pack) => pack.id));
              const kept = field.value.filter((pack) => chosenIds.has(pack.id));
              field.onChange([...kept, ...chosen.filter((pack) => !kept.some((k) => k.id === pack.id))]);
            }}
            error={fieldState.error?.message}
            errorId={`${f.id("packs")}-error`}
          />
        )}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        {kind === "contest" && initial ? (
          <>
            <Link href={`/contests/${initial.id}`} className={buttonClass("ghost")}>
              View Public Page
            </Link>
            <ShareContestButton
              contestID={initial.id}
              title={title || initial.title}
              summary={summary || null}
              label="Share"
              variant="ghost"
            />
          </>
        ) : null}
        <Link href={admin} className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {editing ? (isSubmitting ? "Saving…" : "Save") : isSubmitting ? "Creating..." : `Create ${noun}`}
        </Button>
      </div>
    </form>
  );
}
