"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { CONTEST_STATUS_LABELS, CONTEST_STATUSES, type ContestStatus } from "@/domain/contest-status";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { type PackOption, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { ShareContestButton } from "./share-contest-button";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, Input, Select, TextArea, DateTimeInput } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
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
  const f = useFieldProps(errors);
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

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <InlineError message={errors.root?.message} />
      <Field {...f.field("title")} label="Title">
        <Input {...f.control("title")} required placeholder="Contest title" {...register("title")} />
      </Field>
      <Field {...f.field("summary")} label="Summary">
        <Input {...f.control("summary")} placeholder="Short description (optional)" {...register("summary")} />
      </Field>
      <Field {...f.field("details")} label="Details" hint="Line breaks are kept on the contest page.">
        <TextArea {...f.control("details", { hint: true })} rows={4} {...register("details")} />
      </Field>
      <Field {...f.field("prize")} label="Prize">
        <Input {...f.control("prize")} placeholder="e.g. 1000 diamonds" {...register("prize")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...f.field("startsAt")} label="Start Time (ET)">
          <DateTimeInput {...f.control("startsAt")} {...register("startsAt")} />
        </Field>
        <Field {...f.field("endsAt")} label="End Time (ET)">
          <DateTimeInput {...f.control("endsAt")} {...register("endsAt")} />
        </Field>
      </div>
      <Field {...f.field("coverUrl")} label="Contest Cover">
        <div className="flex items-center gap-3">
          <Input {...f.control("coverUrl")} type="url" placeholder="https://… cover image URL" {...register("coverUrl")} />
          {/^https?:\/\//.test(coverUrl) ? (
            // eslint-disable-next-line @next/next/no-img-element -- a preview of the admin's own URL
            <img src={coverUrl} alt="Cover preview" data-no-art className="h-11 w-11 shrink-0 rounded-lg object-cover" />
          ) : null}
        </div>
      </Field>
      <Field
        {...f.field("status")}
        label="Status"
        hint="Draft hides the contest. Otherwise it opens at its start, closes at its end and is graded once all its packs are."
      >
        <Select {...f.control("status", { hint: true })} {...register("status")}>
          {CONTEST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CONTEST_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
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
              const chosen = await openModal("addPacksToContest", { selected: field.value });
              if (chosen) field.onChange(chosen);
            }}
            error={fieldState.error?.message}
            errorId={`${f.id("packs")}-error`}
          />
        )}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        {initial ? (
          <>
            <Link href={`/contests/${initial.contestID}`} className={buttonClass("ghost")}>
              View Public Page
            </Link>
            <ShareContestButton
              contestID={initial.contestID}
              title={title || initial.title}
              summary={summary || null}
              label="Share"
              variant="ghost"
            />
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
