"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { X } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { CONTEST_STATUS_LABELS, CONTEST_STATUSES, type ContestStatus } from "@/domain/contest-status";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { type PackOption, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { ShareContestButton } from "./share-contest-button";
import { apiFetch } from "@/components/api/api-fetch";

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

const inputClass =
  "mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-ink placeholder:text-muted aria-[invalid=true]:border-lost";

/** Create or edit a contest (docs/SCREENS.md §3.3); the same schema as the API validates it before sending. */
export function ContestForm({ initial }: { initial?: ContestFormInitial }) {
  const router = useRouter();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const ids = useId();
  const editing = Boolean(initial);
  const [title, setTitle] = useState(initial?.title ?? "");
  const [summary, setSummary] = useState(initial?.summary ?? "");
  const [details, setDetails] = useState(initial?.details ?? "");
  const [prize, setPrize] = useState(initial?.prize ?? "");
  const [coverUrl, setCoverUrl] = useState(initial?.coverUrl ?? "");
  const [startsAt, setStartsAt] = useState(toNyDateTimeInput(initial?.startsAt));
  const [endsAt, setEndsAt] = useState(toNyDateTimeInput(initial?.endsAt));
  const [status, setStatus] = useState<ContestStatus>(initial?.status ?? "open");
  const [packs, setPacks] = useState<PackOption[]>(initial?.packs ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function addPacks() {
    const chosen = await openModal<PackOption[]>("addPacksToContest", { selected: packs });
    if (chosen) setPacks(chosen);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const payload = {
      title,
      summary,
      details,
      prize,
      coverUrl,
      startsAt: startsAt ? (fromNyDateTimeInput(startsAt) ?? startsAt) : null,
      endsAt: endsAt ? (fromNyDateTimeInput(endsAt) ?? endsAt) : null,
      status,
      packIds: packs.map((pack) => pack.id),
    };
    const checked = ZContestForm.safeParse(payload);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Please check the form.");
    setSaving(true);
    setError(null);
    try {
      const answer = await apiFetch(editing ? `/api/admin/contests/${initial!.contestID}` : "/api/admin/contests", {
        schema: ZSavedContest,
        method: editing ? "PATCH" : "POST",
        body: payload,
      });
      if (!answer.ok) throw new Error(answer.error);
      showToast(editing ? "Contest saved" : "Contest created");
      if (editing) router.refresh();
      else router.push(`/admin/contests/${answer.data.contestID}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
    } finally {
      setSaving(false);
    }
  }

  const field = (name: string, label: string, control: ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className="block font-semibold">
        {label}
      </label>
      {control}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      {error ? (
        <p id={`${ids}-error`} role="alert" className="rounded-xl bg-lost-tint px-3 py-2 text-sm font-semibold text-lost">
          {error}
        </p>
      ) : null}
      {field(
        "title",
        "Title",
        <input
          id={`${ids}-title`}
          required
          placeholder="Contest title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-describedby={error ? `${ids}-error` : undefined}
          className={inputClass}
        />,
      )}
      {field(
        "summary",
        "Summary",
        <input id={`${ids}-summary`} placeholder="Short description (optional)" value={summary} onChange={(e) => setSummary(e.target.value)} className={inputClass} />,
      )}
      {field(
        "details",
        "Details",
        <textarea id={`${ids}-details`} rows={4} value={details} onChange={(e) => setDetails(e.target.value)} className={`${inputClass} py-2`} />,
        "Line breaks are kept on the contest page.",
      )}
      {field("prize", "Prize", <input id={`${ids}-prize`} placeholder="e.g. 1000 diamonds" value={prize} onChange={(e) => setPrize(e.target.value)} className={inputClass} />)}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("starts", "Start Time (ET)", <input id={`${ids}-starts`} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} className={inputClass} />)}
        {field("ends", "End Time (ET)", <input id={`${ids}-ends`} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} className={inputClass} />)}
      </div>
      {field(
        "cover",
        "Contest Cover",
        <div className="flex items-center gap-3">
          <input
            id={`${ids}-cover`}
            type="url"
            placeholder="https://… cover image URL"
            value={coverUrl}
            onChange={(e) => setCoverUrl(e.target.value)}
            className={inputClass}
          />
          {/^https?:\/\//.test(coverUrl) ? (
            // eslint-disable-next-line @next/next/no-img-element -- a preview of the admin's own URL
            <img src={coverUrl} alt="Cover preview" data-no-art className="mt-1 h-11 w-11 shrink-0 rounded-lg object-cover" />
          ) : null}
        </div>,
      )}
      {field(
        "status",
        "Status",
        <select id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as ContestStatus)} className={inputClass}>
          {CONTEST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CONTEST_STATUS_LABELS[value]}
            </option>
          ))}
        </select>,
        "Draft hides the contest. Otherwise it opens at its start, closes at its end and is graded once all its packs are.",
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">Packs</legend>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={addPacks}>
            Add Packs
          </Button>
          <span className="text-sm text-muted" aria-live="polite">
            {packs.length} selected
          </span>
        </div>
        {packs.length > 0 ? (
          <ul className="flex flex-col divide-y divide-line rounded-xl ring-1 ring-line">
            {packs.map((pack) => (
              <li key={pack.id} className="flex items-center justify-between gap-3 px-3 py-1">
                <span className="min-w-0 truncate">
                  <span className="font-semibold">{pack.title}</span> <span className="text-xs text-muted">/{pack.packURL}</span>
                </span>
                <Button variant="ghost" onClick={() => setPacks((current) => current.filter((p) => p.id !== pack.id))} aria-label={`Remove ${pack.title}`}>
                  <X size={16} aria-hidden="true" /> Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
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
        <Button type="submit" disabled={saving}>
          {editing ? (saving ? "Saving…" : "Save") : saving ? "Creating..." : "Create Contest"}
        </Button>
      </div>
    </form>
  );
}
