"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ArrowDown, ArrowUp, ExternalLink, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/components/api/api-fetch";
import { openingTextsNotice } from "@/components/admin/packs/opening-texts";
import type { PackOpenTextChoice } from "@/domain/schemas/pack-texts";
import { ZPackAnswer, ZPackChangeAnswer, ZPackPropsAnswer } from "@/domain/schemas/packs";
import { ZPropDeletedAnswer, type AdminProp } from "@/domain/schemas/props";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { cardClass, inputClass, InlineError, labelClass, LeagueSelect, tableWrapClass, tdClass, thClass } from "@/components/admin/hub/admin-ui";
import { EventRowSummary, type EventSummary } from "@/components/admin/events/event-row-summary";
import {
  isValidPackUrl,
  PACK_STATUS_LABELS,
  PACK_STATUS_TRANSITIONS,
  PACK_URL_MESSAGE,
  slugify,
  type PackStatus,
} from "@/domain/authoring";
import { formatAdminDateTime, nyDay, nyWallTime } from "@/domain/time";

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

const HOUR = 3_600_000;

/** Create or edit a pack (docs/SCREENS.md §3.5 form). Props are added once the pack exists. */
export function PackForm({ initial }: { initial: PackFormData }) {
  const id = useId();
  const router = useRouter();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const editing = Boolean(initial.id);
  const [events, setEvents] = useState<EventSummary[]>(initial.events);
  const [title, setTitle] = useState(initial.title);
  const [packUrl, setPackUrl] = useState(initial.packUrl);
  const [league, setLeague] = useState(initial.league);
  const [summary, setSummary] = useState(initial.summary ?? "");
  const [coverUrl, setCoverUrl] = useState(initial.coverUrl ?? "");
  const [prizeTitle, setPrizeTitle] = useState(initial.prizeTitle ?? "");
  const [prizeImageUrl, setPrizeImageUrl] = useState(initial.prizeImageUrl ?? "");
  const [prizePoints, setPrizePoints] = useState(initial.prizePoints === null ? "" : String(initial.prizePoints));
  const [openTime, setOpenTime] = useState(toNyDateTimeInput(initial.openTime));
  const [closeTime, setCloseTime] = useState(toNyDateTimeInput(initial.closeTime));
  const [featured, setFeatured] = useState(initial.featured);
  const [status, setStatus] = useState<PackStatus>(initial.status);
  const [props, setProps] = useState<PackFormProp[]>(initial.props);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const starts = events.map((e) => new Date(e.eventTime).getTime()).sort((a, b) => a - b);
  const earliest = starts[0] === undefined ? null : new Date(starts[0]);
  const latest = starts.at(-1) === undefined ? null : new Date(starts.at(-1)!);
  const statusChoices = [initial.status, ...PACK_STATUS_TRANSITIONS[initial.status]];

  const openPreset = (preset: "event" | "1pm" | "4pm" | "3h" | "1h") => {
    if (!earliest) return;
    const day = nyDay(earliest);
    const at = {
      event: earliest,
      "1pm": nyWallTime(day, 13),
      "4pm": nyWallTime(day, 16),
      "3h": new Date(earliest.getTime() - 3 * HOUR),
      "1h": new Date(earliest.getTime() - HOUR),
    }[preset];
    setOpenTime(toNyDateTimeInput(at.toISOString()));
  };

  const reloadProps = async () => {
    if (!initial.id) return;
    const answer = await apiFetch(`/api/admin/packs/${initial.id}`, { schema: ZPackAnswer });
    if (answer.ok) setProps(answer.data.pack.props);
  };

  const save = async () => {
    setError(null);
    if (!title.trim()) return setError("Pack title is required.");
    if (!isValidPackUrl(packUrl)) return setError(PACK_URL_MESSAGE);
    let openText: PackOpenTextChoice | undefined;
    // Opening or publishing: confirm what subscribers are texted first, with the form's own times (decision 040).
    if (editing && status !== initial.status && (status === "open" || status === "coming-soon")) {
      openText = await openModal("packOpenText", {
        packId: initial.id!,
        packTitle: title,
        status,
        openTime: fromNyDateTimeInput(openTime),
        closeTime: fromNyDateTimeInput(closeTime),
      });
      if (!openText) return;
    }
    setSaving(true);
    const body = {
      title,
      packUrl,
      league,
      summary,
      coverUrl,
      prizeTitle,
      prizeImageUrl,
      prizePoints: prizePoints.trim() === "" ? null : Number(prizePoints),
      prizeSummary: initial.prizeSummary,
      openTime: fromNyDateTimeInput(openTime),
      closeTime: fromNyDateTimeInput(closeTime),
      eventIds: events.map((e) => e.id),
      ...(editing ? { featured, status, openText } : {}),
    };
    if (editing) {
      // An edit answers what its opening texted, if it opened the pack (decision 040).
      const answer = await apiFetch(`/api/admin/packs/${initial.id}`, { schema: ZPackChangeAnswer, method: "PATCH", body });
      setSaving(false);
      if (!answer.ok) return setError(answer.error);
      const notice = openingTextsNotice(answer.data);
      showToast(notice ? `Pack saved. ${notice}` : "Pack saved");
      router.refresh();
      return;
    }
    const answer = await apiFetch("/api/admin/packs", { schema: ZPackAnswer, method: "POST", body });
    setSaving(false);
    if (!answer.ok) return setError(answer.error);
    showToast("Pack created");
    router.push(`/admin/packs/${answer.data.pack.id}`);
  };

  const move = async (index: number, delta: -1 | 1) => {
    const order = props.map((p) => p.propID);
    const [moved] = order.splice(index, 1);
    order.splice(index + delta, 0, moved!);
    const answer = await apiFetch(`/api/admin/packs/${initial.id}/props`, { schema: ZPackPropsAnswer, method: "PUT", body: { propIds: order } });
    if (answer.ok) setProps(answer.data.props);
    else showToast(answer.error, "error");
  };

  const removeProp = async (prop: PackFormProp) => {
    const confirmed = await openModal("confirm", {
      title: "Delete prop?",
      message: `Are you sure you want to permanently delete "${prop.propShort}"? This action cannot be undone.`,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    const answer = await apiFetch(`/api/admin/props/${prop.propID}`, { schema: ZPropDeletedAnswer, method: "DELETE" });
    if (answer.ok) void reloadProps();
    else showToast(answer.error, "error");
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <section className={cardClass} aria-labelledby={`${id}-events`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-events`} className="text-lg font-bold">
            Linked Events
          </h2>
          <Button
            variant="secondary"
            onClick={async () => {
              const picked = await openModal("addEvent", { league, selectedIds: events.map((e) => e.id) });
              if (picked?.length) setEvents((current) => [...current, ...picked.filter((p) => !current.some((c) => c.id === p.id))]);
            }}
          >
            Select Events
          </Button>
        </div>
        {events.length === 0 ? (
          <p className="mt-2 text-muted">No events linked.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-2">
            {events.map((event) => (
              <li key={event.id} className="flex items-center justify-between gap-2 rounded-lg border border-line p-2">
                <EventRowSummary event={event} />
                <Button variant="ghost" aria-label={`Remove ${event.eventTitle}`} onClick={() => setEvents((c) => c.filter((e) => e.id !== event.id))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={`${cardClass} grid gap-4`} aria-label="Pack details">
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-title`} className={labelClass}>
              Pack Title
            </label>
            <input id={`${id}-title`} className={inputClass} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-url`} className={labelClass}>
              Pack URL
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-url`}
                className={inputClass}
                value={packUrl}
                maxLength={80}
                aria-describedby={`${id}-url-hint`}
                onChange={(e) => setPackUrl(e.target.value.toLowerCase())}
              />
              <Button variant="secondary" onClick={() => setPackUrl(slugify(title))} disabled={!title.trim()}>
                Generate from Title
              </Button>
            </div>
            <p id={`${id}-url-hint`} className="mt-1 text-sm text-muted">
              /packs/{packUrl || "…"}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-league`} className={labelClass}>
              League
            </label>
            <LeagueSelect id={`${id}-league`} value={league} onChange={(e) => setLeague(e.target.value)} />
          </div>
          {editing ? (
            <div>
              <label htmlFor={`${id}-status`} className={labelClass}>
                Status
              </label>
              <select id={`${id}-status`} className={inputClass} value={status} onChange={(e) => setStatus(e.target.value as PackStatus)}>
                {statusChoices.map((s) => (
                  <option key={s} value={s}>
                    {PACK_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <div>
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={`${id}-summary`} className="text-sm font-semibold">
              Summary
            </label>
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              onClick={async () => {
                const text = await openModal("aiSummary", { eventIds: events.map((event) => event.id) });
                if (text) setSummary(text);
              }}
            >
              <Sparkles size={16} aria-hidden="true" /> Generate AI Content
            </Button>
          </div>
          <textarea id={`${id}-summary`} className={`${inputClass} min-h-20`} value={summary} maxLength={2000} onChange={(e) => setSummary(e.target.value)} />
        </div>
        <fieldset className="grid gap-3 rounded-xl border border-line p-3 md:grid-cols-3">
          <legend className="px-1 text-sm font-bold">Prize</legend>
          <div>
            <label htmlFor={`${id}-prize`} className={labelClass}>
              Prize title
            </label>
            <input id={`${id}-prize`} className={inputClass} value={prizeTitle} onChange={(e) => setPrizeTitle(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-prize-image`} className={labelClass}>
              Prize image URL
            </label>
            <input id={`${id}-prize-image`} className={inputClass} value={prizeImageUrl} onChange={(e) => setPrizeImageUrl(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-prize-points`} className={labelClass}>
              Points required
            </label>
            <input id={`${id}-prize-points`} className={inputClass} inputMode="numeric" value={prizePoints} onChange={(e) => setPrizePoints(e.target.value)} />
          </div>
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-open`} className={labelClass}>
              Open Time (ET)
            </label>
            <input id={`${id}-open`} type="datetime-local" className={inputClass} value={openTime} onChange={(e) => setOpenTime(e.target.value)} />
            <div className="mt-2 flex flex-wrap gap-1">
              {(
                [
                  ["event", "Event time"],
                  ["1pm", "1pm event day"],
                  ["4pm", "4pm event day"],
                  ["3h", "3 hours before event"],
                  ["1h", "1 hour before event"],
                ] as const
              ).map(([preset, label]) => (
                <Button key={preset} variant="secondary" className="min-h-9 px-3 text-xs" disabled={!earliest} onClick={() => openPreset(preset)}>
                  {label}
                </Button>
              ))}
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-close`} className={labelClass}>
              Close Time (optional, ET)
            </label>
            <input id={`${id}-close`} type="datetime-local" className={inputClass} value={closeTime} onChange={(e) => setCloseTime(e.target.value)} />
            <div className="mt-2 flex flex-wrap gap-1">
              <Button variant="secondary" className="min-h-9 px-3 text-xs" disabled={!earliest} onClick={() => earliest && setCloseTime(toNyDateTimeInput(earliest.toISOString()))}>
                Earliest event start time
              </Button>
              <Button variant="secondary" className="min-h-9 px-3 text-xs" disabled={!latest} onClick={() => latest && setCloseTime(toNyDateTimeInput(latest.toISOString()))}>
                Latest event start time
              </Button>
            </div>
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-cover`} className={labelClass}>
            Cover Image
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input id={`${id}-cover`} className={`${inputClass} sm:flex-1`} placeholder="https://… or a generated cover" value={coverUrl} onChange={(e) => setCoverUrl(e.target.value)} />
            <Button variant="secondary" disabled={!events.some((e) => e.coverUrl)} onClick={() => setCoverUrl(events.find((e) => e.coverUrl)?.coverUrl ?? "")}>
              Use event cover
            </Button>
            {/* eslint-disable-next-line @next/next/no-img-element -- a preview of the admin's own URL */}
            {coverUrl ? <img src={coverUrl} alt="Cover preview" data-no-art width={64} height={64} className="h-16 w-16 rounded object-cover" /> : null}
          </div>
        </div>
        {editing ? (
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" className="h-5 w-5" checked={featured} onChange={(e) => setFeatured(e.target.checked)} />
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
          <div className={`${tableWrapClass} mt-3`}>
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th className={thClass}>Prop Short</th>
                  <th className={thClass}>Event</th>
                  <th className={thClass}>Event Time</th>
                  <th className={thClass}>Order</th>
                  <th className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
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
                        <Button variant="ghost" className="px-3" aria-label={`Move ${prop.propShort} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                          <ArrowUp size={16} aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" className="px-3" aria-label={`Move ${prop.propShort} down`} disabled={index === props.length - 1} onClick={() => move(index, 1)}>
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
              </tbody>
            </table>
          </div>
        )}
      </section>

      <InlineError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={saving}>
          {saving ? (editing ? "Saving…" : "Creating...") : editing ? "Save" : "Create Pack"}
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
    </div>
  );
}
