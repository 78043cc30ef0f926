"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { AlertCircle } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import Link from "@/components/ui/link";
import { ITEM_STATUSES, ITEM_STATUS_LABELS, formatTeamImages, parseTeamImages, type ItemStatus } from "@/domain/marketplace";
import { ZItemInput } from "@/domain/schemas/marketplace";
import { apiFetch } from "@/components/api/api-fetch";
import { VDone } from "@/domain/schemas/common";

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

type TextField = "name" | "tokens" | "description" | "brand" | "imageUrl" | "teamImages";

const INPUT =
  "min-h-11 w-full rounded-xl border border-line bg-surface px-3 py-2 text-base text-ink focus-visible:border-accent aria-[invalid=true]:border-lost";

/** Create or edit a marketplace item; the server checks the same schema. */
export function ItemEditorForm({ item }: { item?: EditableItem }) {
  const router = useRouter();
  const { showToast } = useToast();
  const idBase = useId();
  const [text, setText] = useState<Record<TextField, string>>({
    name: item?.itemName ?? "",
    tokens: item ? String(item.itemTokens) : "",
    description: item?.description ?? "",
    brand: item?.brand ?? "",
    imageUrl: item?.imageUrl ?? "",
    teamImages: formatTeamImages(item?.teamImages),
  });
  const [status, setStatus] = useState<ItemStatus>(item?.status ?? "available");
  const [featured, setFeatured] = useState(item?.featured ?? false);
  const [requiresShipping, setRequiresShipping] = useState(item?.requiresShipping ?? false);
  const [fieldError, setFieldError] = useState<{ field: TextField | "status"; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const id = (field: string) => `${idBase}-${field}`;
  const errorProps = (field: TextField | "status") =>
    fieldError?.field === field ? { "aria-invalid": true, "aria-describedby": id(`${field}-error`) } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const teamImages = parseTeamImages(text.teamImages);
    if (!teamImages.ok) return setFieldError({ field: "teamImages", message: teamImages.error });
    const parsed = ZItemInput.safeParse({
      name: text.name,
      tokens: text.tokens.trim() === "" ? Number.NaN : text.tokens,
      description: text.description,
      brand: text.brand,
      imageUrl: text.imageUrl,
      teamImages: teamImages.teamImages,
      status,
      featured,
      requiresShipping,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (issue.path[0] as TextField | "status" | undefined) ?? "name";
      setFieldError({ field, message: issue.message });
      document.getElementById(id(field))?.focus();
      return;
    }
    setFieldError(null);
    setSaving(true);
    try {
      const answer = await apiFetch(item ? `/api/admin/items/${item.itemID}` : "/api/admin/items", {
        schema: VDone,
        method: item ? "PUT" : "POST",
        body: parsed.data,
        fallback: "",
      });
      if (answer.ok) {
        showToast(item ? "Item saved" : "Item created");
        router.push("/admin/items");
        router.refresh();
        return;
      }
      if (answer.status === 0) throw new Error("unreachable");
      setFormError(answer.error || "Could not save the item.");
    } catch {
      setFormError("Could not save the item. Check your connection and try again.");
    }
    setSaving(false);
  };

  const field = (name: TextField | "status", label: string, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id(name)} className="text-sm font-semibold">
        {label}
      </label>
      {control}
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      {fieldError?.field === name ? (
        <p id={id(`${name}-error`)} className="flex items-center gap-1 text-sm font-semibold text-lost">
          <AlertCircle size={14} aria-hidden="true" />
          {fieldError.message}
        </p>
      ) : null}
    </div>
  );
  const input = (name: TextField, type = "text", extra: Record<string, unknown> = {}) => (
    <input
      id={id(name)}
      type={type}
      value={text[name]}
      onChange={(event) => setText((current) => ({ ...current, [name]: event.target.value }))}
      className={INPUT}
      {...errorProps(name)}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-2xl flex-col gap-4">
      {field("name", "Name", input("name", "text", { autoComplete: "off" }))}
      {field("tokens", "Diamonds", input("tokens", "number", { min: 1, step: 1, inputMode: "numeric" }))}
      {field(
        "description",
        "Description",
        <textarea
          id={id("description")}
          rows={3}
          value={text.description}
          onChange={(event) => setText((current) => ({ ...current, description: event.target.value }))}
          className={INPUT}
          {...errorProps("description")}
        />,
      )}
      {field("brand", "Brand", input("brand"))}
      {field("imageUrl", "Image URL", input("imageUrl", "url"))}
      {field(
        "teamImages",
        "Per-team images",
        <textarea
          id={id("teamImages")}
          rows={3}
          value={text.teamImages}
          spellCheck={false}
          onChange={(event) => setText((current) => ({ ...current, teamImages: event.target.value }))}
          className={`${INPUT} font-mono text-sm`}
          {...errorProps("teamImages")}
        />,
        "One per line: the team slug, a space, then the image URL (eagles https://…).",
      )}
      {field(
        "status",
        "Status",
        <select
          id={id("status")}
          value={status}
          onChange={(event) => setStatus(event.target.value as ItemStatus)}
          className={INPUT}
          {...errorProps("status")}
        >
          {ITEM_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ITEM_STATUS_LABELS[value]}
            </option>
          ))}
        </select>,
      )}
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input type="checkbox" checked={featured} onChange={(event) => setFeatured(event.target.checked)} className="h-5 w-5" />
        Featured
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          checked={requiresShipping}
          onChange={(event) => setRequiresShipping(event.target.checked)}
          className="h-5 w-5"
        />
        Requires a shipping address
      </label>
      {formError ? (
        <p role="alert" className="flex items-center gap-2 rounded-xl bg-lost-tint p-3 text-sm font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : item ? "Save item" : "Create item"}
        </Button>
        <Link href="/admin/items" className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
