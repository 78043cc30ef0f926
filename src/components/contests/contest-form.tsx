"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { CONTEST_STATUS_LABELS, CONTEST_STATUSES, type ContestStatus } from "@/domain/contest-status";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { type PackOption, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { ShareContestButton } from "./share-contest-button";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, inputClass } from "@/components/admin/hub/admin-ui";
import { CollectionPacksField } from "@/components/admin/forms/collection-packs-field";
import { showSchemaIssues } from "@/components/admin/forms/schema-issues";

export interface ContestFormInitial {
  contestID: string;
  title: string;
  summary: string | null;
  details: string | null;
  prize: string | null;
  coverUrl: string | null;
  startsAt: string | null;
  endsAt: string | null;
  status: ContestStatus;
  packs: PackOption[];
}

type ContestFormValues = {
  title: string;
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
 * Create or edit a contest (docs/SCREENS.md §3.3): a react-hook-form form checked with the same
 * schema as the API (ZContestForm), each problem shown at its field (docs/decisions/047-admin-forms.md).
 */
export function ContestForm({ initial }: { initial?: ContestFormInitial }) {
  const router = useRouter();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const ids = useId();
  const editing = Boolean(initial);
  const { register, handleSubmit, control, watch, setError, formState } = useForm<ContestFormValues>({
    defaultValues: {
      title: initial?.title ?? "",
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
  const [title, summary, coverUrl] = watch(["title", "summary", "coverUrl"]);

  const onSubmit = handleSubmit(async (values) => {
    const payload = {
      title: values.title,
      summary: values.summary,
      details: values.details,
      prize: values.prize,
      coverUrl: values.coverUrl,
      startsAt: values.startsAt ? (fromNyDateTimeInput(values.startsAt) ?? values.startsAt) : null,
      endsAt: values.endsAt ? (fromNyDateTimeInput(values.endsAt) ?? values.endsAt) : null,
      status: values.status,
      packIds: values.packs.map((pack) => pack.id),
    };
    const checked = ZContestForm.safeParse(payload);
    if (!checked.success) {
      showSchemaIssues(checked.error.issues, setError, CONTEST_FIELDS);
      return;
    }
    const answer = await apiFetch(editing ? `/api/admin/contests/${initial!.contestID}` : "/api/admin/contests", {
      schema: ZSavedContest,
      method: editing ? "PATCH" : "POST",
      body: payload,
    });
    if (!answer.ok) return setError("root", { message: answer.error });
    showToast(editing ? "Contest saved" : "Contest created");
    if (editing) router.refresh();
    else router.push(`/admin/contests/${answer.data.contestID}`);
  });

  /** A field's id and, when it has a problem, what ties the message to it. */
  const a11y = (name: keyof ContestFormValues, hint = false) => ({
    id: `${ids}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [errors[name] ? `${ids}-${name}-error` : null, hint ? `${ids}-${name}-hint` : null].filter(Boolean).join(" ") || undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <InlineError message={errors.root?.message} />
      <Field id={`${ids}-title`} label="Title" error={errors.title?.message}>
        <input {...a11y("title")} required placeholder="Contest title" {...register("title")} className={inputClass} />
      </Field>
      <Field id={`${ids}-summary`} label="Summary" error={errors.summary?.message}>
        <input {...a11y("summary")} placeholder="Short description (optional)" {...register("summary")} className={inputClass} />
      </Field>
      <Field id={`${ids}-details`} label="Details" error={errors.details?.message} hint="Line breaks are kept on the contest page.">
        <textarea {...a11y("details", true)} rows={4} {...register("details")} className={inputClass} />
      </Field>
      <Field id={`${ids}-prize`} label="Prize" error={errors.prize?.message}>
        <input {...a11y("prize")} placeholder="e.g. 1000 diamonds" {...register("prize")} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${ids}-startsAt`} label="Start Time (ET)" error={errors.startsAt?.message}>
          <input {...a11y("startsAt")} type="datetime-local" {...register("startsAt")} className={inputClass} />
        </Field>
        <Field id={`${ids}-endsAt`} label="End Time (ET)" error={errors.endsAt?.message}>
          <input {...a11y("endsAt")} type="datetime-local" {...register("endsAt")} className={inputClass} />
        </Field>
      </div>
      <Field id={`${ids}-coverUrl`} label="Contest Cover" error={errors.coverUrl?.message}>
        <div className="flex items-center gap-3">
          <input {...a11y("coverUrl")} type="url" placeholder="https://… cover image URL" {...register("coverUrl")} className={inputClass} />
          {/^https?:\/\//.test(coverUrl) ? (
            // eslint-disable-next-line @next/next/no-img-element -- a preview of the admin's own URL
            <img src={coverUrl} alt="Cover preview" data-no-art className="h-11 w-11 shrink-0 rounded-lg object-cover" />
          ) : null}
        </div>
      </Field>
      <Field
        id={`${ids}-status`}
        label="Status"
        error={errors.status?.message}
        hint="Draft hides the contest. Otherwise it opens at its start, closes at its end and is graded once all its packs are."
      >
        <select {...a11y("status", true)} {...register("status")} className={inputClass}>
          {CONTEST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CONTEST_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Controller
        control={control}
        name="packs"
        render={({ field, fieldState }) => (
          <CollectionPacksField
            legend="Packs"
            packs={field.value}
            onChange={field.onChange}
            onAdd={async () => {
              const chosen = await openModal<PackOption[]>("addPacksToContest", { selected: field.value });
              if (chosen) field.onChange(chosen);
            }}
            error={fieldState.error?.message}
            errorId={`${ids}-packs-error`}
          />
        )}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        {initial ? (
          <>
            <Link href={`/contests/${initial.contestID}`} className={buttonClass("ghost")}>
              View Public Page
            </Link>
            <ShareContestButton contestID={initial.contestID} title={title || initial.title} summary={summary || null} label="Share" variant="ghost" />
          </>
        ) : null}
        <Link href="/admin/contests" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {editing ? (isSubmitting ? "Saving…" : "Save") : isSubmitting ? "Creating..." : "Create Contest"}
        </Button>
      </div>
    </form>
  );
}

/** Where each of ZContestForm's fields is shown. */
const CONTEST_FIELDS = {
  title: "title",
  summary: "summary",
  details: "details",
  prize: "prize",
  coverUrl: "coverUrl",
  startsAt: "startsAt",
  endsAt: "endsAt",
  status: "status",
  packIds: "packs",
} as const;
