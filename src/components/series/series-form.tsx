"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { PackOption } from "@/domain/schemas/contests";
import { ZSavedSeries, ZSeriesForm } from "@/domain/schemas/series";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, Input } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { CollectionPacksField } from "@/components/admin/forms/collection-packs-field";
import { showSchemaIssues } from "@/components/admin/forms/schema-issues";

export interface SeriesFormInitial {
  slug: string;
  title: string;
  summary: string | null;
  coverUrl: string | null;
  packs: PackOption[];
}

type SeriesFormValues = { title: string; slug: string; summary: string; coverUrl: string; packs: PackOption[] };

/**
 * Create or edit a series: title, slug (on create), summary, cover and its packs in order. A
 * react-hook-form form checked with the API's own schema (ZSeriesForm), each problem shown at its
 * field, sharing the packs field with the contest form (docs/decisions/047-admin-forms.md).
 */
export function SeriesForm({ initial }: { initial?: SeriesFormInitial }) {
  const router = useRouter();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const editing = Boolean(initial);
  const { register, handleSubmit, control, setError, formState } = useForm<SeriesFormValues>({
    defaultValues: {
      title: initial?.title ?? "",
      slug: "",
      summary: initial?.summary ?? "",
      coverUrl: initial?.coverUrl ?? "",
      packs: initial?.packs ?? [],
    },
  });
  const { errors, isSubmitting } = formState;
  const f = useFieldProps(errors);

  const onSubmit = handleSubmit(async (values) => {
    const payload = {
      title: values.title,
      slug: editing ? null : values.slug,
      summary: values.summary,
      coverUrl: values.coverUrl,
      packIds: values.packs.map((pack) => pack.id),
    };
    const checked = ZSeriesForm.safeParse(payload);
    if (!checked.success) {
      showSchemaIssues(checked.error.issues, setError, SERIES_FIELDS);
      return;
    }
    const answer = await apiFetch(editing ? `/api/admin/series/${initial!.slug}` : "/api/admin/series", {
      schema: ZSavedSeries,
      method: editing ? "PATCH" : "POST",
      body: payload,
    });
    if (!answer.ok) return setError("root", { message: answer.error });
    showToast(editing ? "Series saved" : "Series created");
    if (editing) router.refresh();
    else router.push(`/admin/series/${answer.data.slug}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <InlineError message={errors.root?.message} />
      <Field {...f.field("title")} label="Title">
        <Input {...f.control("title")} required placeholder="Series title" {...register("title")} />
      </Field>
      {editing ? (
        <p className="text-sm text-muted">
          Link:{" "}
          <Link href={`/series/${initial!.slug}`} className="font-semibold text-accent hover:underline">
            /series/{initial!.slug}
          </Link>
        </p>
      ) : (
        <Field
          {...f.field("slug")}
          label="Slug"
          hint="Used in links and promo cards; it cannot change later. Blank makes one from the title."
        >
          <Input {...f.control("slug", { hint: true })} placeholder="e.g. eagles-season (optional)" {...register("slug")} />
        </Field>
      )}
      <Field {...f.field("summary")} label="Summary">
        <Input {...f.control("summary")} placeholder="Short description (optional)" {...register("summary")} />
      </Field>
      <Field {...f.field("coverUrl")} label="Cover image URL">
        <Input {...f.control("coverUrl")} type="url" {...register("coverUrl")} />
      </Field>
      <Controller
        control={control}
        name="packs"
        render={({ field, fieldState }) => (
          <CollectionPacksField
            legend="Packs (in order)"
            ordered
            packs={field.value}
            onChange={field.onChange}
            onAdd={async () => {
              const chosen = await openModal("addPacksToContest", { selected: field.value, title: "Add Packs to Series" });
              if (!chosen) return;
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
        <Link href="/admin/series" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {editing ? (isSubmitting ? "Saving…" : "Save") : isSubmitting ? "Creating..." : "Create Series"}
        </Button>
      </div>
    </form>
  );
}

/** Where each of ZSeriesForm's fields is shown. */
const SERIES_FIELDS = { title: "title", slug: "slug", summary: "summary", coverUrl: "coverUrl", packIds: "packs" } as const;
