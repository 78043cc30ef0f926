"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { PackOption } from "@/domain/schemas/contests";
import { ZSavedSeries, ZSeriesForm } from "@/domain/schemas/series";
import { apiFetch } from "@/components/api/api-fetch";

export interface SeriesFormInitial {
  slug: string;
  title: string;
  summary: string | null;
  coverUrl: string | null;
  packs: PackOption[];
}

const inputClass = "mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-ink placeholder:text-muted";

/** Create or edit a series: title, slug (on create), summary, cover and its packs in order. */
export function SeriesForm({ initial }: { initial?: SeriesFormInitial }) {
  const router = useRouter();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const ids = useId();
  const editing = Boolean(initial);
  const [title, setTitle] = useState(initial?.title ?? "");
  const [slug, setSlug] = useState("");
  const [summary, setSummary] = useState(initial?.summary ?? "");
  const [coverUrl, setCoverUrl] = useState(initial?.coverUrl ?? "");
  const [packs, setPacks] = useState<PackOption[]>(initial?.packs ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function addPacks() {
    const chosen = await openModal<PackOption[]>("addPacksToContest", { selected: packs, title: "Add Packs to Series" });
    if (!chosen) return;
    // Keep the current order; newly chosen packs go to the end.
    const chosenIds = new Set(chosen.map((pack) => pack.id));
    const kept = packs.filter((pack) => chosenIds.has(pack.id));
    setPacks([...kept, ...chosen.filter((pack) => !kept.some((k) => k.id === pack.id))]);
  }

  const move = (index: number, by: -1 | 1) =>
    setPacks((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const payload = { title, slug: editing ? null : slug, summary, coverUrl, packIds: packs.map((pack) => pack.id) };
    const checked = ZSeriesForm.safeParse(payload);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Please check the form.");
    setSaving(true);
    setError(null);
    try {
      const answer = await apiFetch(editing ? `/api/admin/series/${initial!.slug}` : "/api/admin/series", {
        schema: ZSavedSeries,
        method: editing ? "PATCH" : "POST",
        body: payload,
      });
      if (!answer.ok) throw new Error(answer.error);
      showToast(editing ? "Series saved" : "Series created");
      if (editing) router.refresh();
      else router.push(`/admin/series/${answer.data.slug}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      {error ? (
        <p role="alert" className="rounded-xl bg-lost-tint px-3 py-2 text-sm font-semibold text-lost">
          {error}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${ids}-title`} className="block font-semibold">
          Title
        </label>
        <input id={`${ids}-title`} required placeholder="Series title" value={title} onChange={(e) => setTitle(e.target.value)} className={inputClass} />
      </div>
      {editing ? (
        <p className="text-sm text-muted">
          Link: <Link href={`/series/${initial!.slug}`} className="font-semibold text-accent hover:underline">/series/{initial!.slug}</Link>
        </p>
      ) : (
        <div>
          <label htmlFor={`${ids}-slug`} className="block font-semibold">
            Slug
          </label>
          <input id={`${ids}-slug`} placeholder="e.g. eagles-season (optional)" value={slug} onChange={(e) => setSlug(e.target.value)} className={inputClass} />
          <p className="mt-1 text-xs text-muted">Used in links and promo cards; it cannot change later. Blank makes one from the title.</p>
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-summary`} className="block font-semibold">
          Summary
        </label>
        <input id={`${ids}-summary`} placeholder="Short description (optional)" value={summary} onChange={(e) => setSummary(e.target.value)} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${ids}-cover`} className="block font-semibold">
          Cover image URL
        </label>
        <input id={`${ids}-cover`} type="url" value={coverUrl} onChange={(e) => setCoverUrl(e.target.value)} className={inputClass} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">Packs (in order)</legend>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={addPacks}>
            Add Packs
          </Button>
          <span className="text-sm text-muted" aria-live="polite">
            {packs.length} selected
          </span>
        </div>
        {packs.length > 0 ? (
          <ol className="flex flex-col divide-y divide-line rounded-xl ring-1 ring-line">
            {packs.map((pack, index) => (
              <li key={pack.id} className="flex items-center justify-between gap-2 px-3 py-1">
                <span className="min-w-0 truncate">
                  <span className="tabular mr-2 text-muted">{index + 1}.</span>
                  <span className="font-semibold">{pack.title}</span>
                </span>
                <span className="flex shrink-0 items-center">
                  <Button variant="ghost" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${pack.title} up`} className="px-3">
                    <ArrowUp size={16} aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" disabled={index === packs.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${pack.title} down`} className="px-3">
                    <ArrowDown size={16} aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" onClick={() => setPacks((current) => current.filter((p) => p.id !== pack.id))} aria-label={`Remove ${pack.title}`} className="px-3">
                    <X size={16} aria-hidden="true" />
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        <Link href="/admin/series" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {editing ? (saving ? "Saving…" : "Save") : saving ? "Creating..." : "Create Series"}
        </Button>
      </div>
    </form>
  );
}
