"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Button, buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { ITEM_STATUSES, ITEM_STATUS_LABELS, formatTeamImages, parseTeamImages, type ItemStatus } from "@/domain/marketplace";
import { ZItemInput } from "@/domain/schemas/marketplace";
import { apiFetch } from "@/components/api/api-fetch";
import { VDone } from "@/domain/schemas/common";
import { Field, InlineError, Input, TextArea, inputClass, LabelledOptions } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import { SelectField, InputField } from "@/components/admin/forms/input-field";

export interface EditableItem {
  itemID: string;
  itemName: string;
  itemTokens: number;
  description: string | null;
  brand: string | null;
  imageUrl: string | null;
  teamImages: Record<string, string> | null;
  status: ItemStatus;
  featured: boolean;
  requiresShipping: boolean;
}

type ItemFormValues = {
  name: string;
  tokens: string;
  description: string;
  brand: string;
  imageUrl: string;
  teamImages: string;
  status: ItemStatus;
  featured: boolean;
  requiresShipping: boolean;
};

/** Where each of ZItemInput's fields is shown. */
const ITEM_FIELDS = {
  name: "name",
  tokens: "tokens",
  description: "description",
  brand: "brand",
  imageUrl: "imageUrl",
  teamImages: "teamImages",
  status: "status",
} as const;

/**
 * Create or edit a marketplace item: a react-hook-form form checked with the schema the server
 * checks (ZItemInput), each problem at its field (docs/decisions/047-admin-forms.md).
 */
export function ItemEditorForm({ item }: { item?: EditableItem }) {
  const router = useRouter();
  const { register, handleSubmit, setError, formState } = useForm<ItemFormValues>({
    defaultValues: {
      name: item?.itemName ?? "",
      tokens: item ? String(item.itemTokens) : "",
      description: item?.description ?? "",
      brand: item?.brand ?? "",
      imageUrl: item?.imageUrl ?? "",
      teamImages: formatTeamImages(item?.teamImages),
      status: item?.status ?? "available",
      featured: item?.featured ?? false,
      requiresShipping: item?.requiresShipping ?? false,
    },
  });
  const { errors, isSubmitting } = formState;
  const f = useFieldProps(errors);

  const { onSubmit: submit } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: ZItemInput,
      fields: ITEM_FIELDS,
      payload: (values) => {
        const teamImages = parseTeamImages(values.teamImages);
        if (!teamImages.ok) {
          setError("teamImages", { message: teamImages.error }, { shouldFocus: true });
          return undefined;
        }
        return {
          name: values.name,
          tokens: values.tokens.trim() === "" ? Number.NaN : values.tokens,
          description: values.description,
          brand: values.brand,
          imageUrl: values.imageUrl,
          teamImages: teamImages.teamImages,
          status: values.status,
          featured: values.featured,
          requiresShipping: values.requiresShipping,
        };
      },
      send: (input) =>
        apiFetch(item ? `/api/admin/items/${item.itemID}` : "/api/admin/items", {
          schema: VDone,
          method: item ? "PUT" : "POST",
          // The request as typed: the server parses it with the same schema (its output, with empty
          // texts as null, is not an input the schema takes again).
          body: input,
          fallback: "",
        }),
      failure: (answer) =>
        answer.status === 0 ? "Could not save the item. Check your connection and try again." : answer.error || "Could not save the item.",
      toast: item ? "Item saved" : "Item created",
      then: () => {
        router.push("/admin/items");
        router.refresh();
      },
    },
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-2xl flex-col gap-4">
      <InputField f={f} register={register} name="name" label="Name" type="text" autoComplete="off" />
      <Field {...f.field("tokens")} label="Diamonds">
        <Input {...f.control("tokens")} type="number" min={1} step={1} inputMode="numeric" {...register("tokens")} />
      </Field>
      <Field {...f.field("description")} label="Description">
        <TextArea {...f.control("description")} rows={3} {...register("description")} />
      </Field>
      <InputField f={f} register={register} name="brand" label="Brand" type="text" />
      <InputField f={f} register={register} name="imageUrl" label="Image URL" type="url" />
      <Field
        {...f.field("teamImages")}
        label="Per-team images"
        hint="One per line: the team slug, a space, then the image URL (eagles https://…)."
      >
        <TextArea
          {...f.control("teamImages", { hint: true })}
          rows={3}
          spellCheck={false}
          {...register("teamImages")}
          className={`${inputClass} font-mono text-sm`}
        />
      </Field>
      <SelectField f={f} register={register} name="status" label="Status">
        <LabelledOptions values={ITEM_STATUSES} labels={ITEM_STATUS_LABELS} />
      </SelectField>
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input type="checkbox" {...register("featured")} className="h-5 w-5" />
        Featured
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input type="checkbox" {...register("requiresShipping")} className="h-5 w-5" />
        Requires a shipping address
      </label>
      <InlineError message={errors.root?.message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : item ? "Save item" : "Create item"}
        </Button>
        <Link href="/admin/items" className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
