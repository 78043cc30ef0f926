"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { inputClass, InlineError, labelClass } from "@/components/admin/hub/admin-ui";
import type { EventSummary } from "@/components/admin/events/event-row-summary";
import { ExistingPropsPicker } from "@/components/admin/props/existing-props-picker";
import { PropFields } from "@/components/admin/props/prop-fields";
import { draftToRequest, EMPTY_DRAFT, type PropDraft } from "@/components/admin/props/prop-draft";
import { isValidPackUrl, PACK_URL_MESSAGE, slugify } from "@/domain/authoring";
import { ZEventAnswer } from "@/domain/schemas/events";
import { ZAdminPacksPage, ZPackPropsAnswer, type AdminPackSummary } from "@/domain/schemas/packs";
import { ZPropAnswer, ZSuperPropAnswer } from "@/domain/schemas/props";
import type { DialogComponentProps } from "./dialog-types";

interface AddPropProps {
  /** The pack the props go to; without it (and not super-prop mode) the admin picks a pack. */
  packId?: string;
  league?: string;
  /** The pack's linked events, offered in the Event select. */
  events?: EventSummary[];
  eventId?: string;
  /** Publish the new prop as its own one-prop pack. */
  superProp?: boolean;
}

export interface AddPropResult {
  created?: Array<{ propID: string }>;
}

/** addProp (docs/SCREENS.md §4.7): create a prop, add copies of existing ones, or publish a super prop. */
export default function AddPropDialog({ props, close, replace, setBusy }: DialogComponentProps<AddPropProps, AddPropResult>) {
  const id = useId();
  const [tab, setTab] = useState<"new" | "existing">("new");
  const [events, setEvents] = useState<EventSummary[]>(props.events ?? []);
  const [draft, setDraft] = useState<PropDraft>({ ...EMPTY_DRAFT });
  const [packTitle, setPackTitle] = useState("");
  const [packUrl, setPackUrl] = useState("");
  const [packId, setPackId] = useState(props.packId ?? "");
  const [packs, setPacks] = useState<AdminPackSummary[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusyState] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsPack = !props.packId && !props.superProp;

  useEffect(() => {
    if (!needsPack) return;
    const statuses = "draft,coming-soon,open";
    const url = `/api/admin/packs?statuses=${statuses}&sort=close_asc&limit=100${props.league ? `&league=${props.league}` : ""}`;
    void apiFetch(url, { schema: ZAdminPacksPage }).then((answer) => {
      if (answer.ok) setPacks(answer.data.packs);
    });
  }, [needsPack, props.league]);

  useEffect(() => {
    // A prop opened for one event (events page "Create Prop") starts on it.
    if (!props.eventId) return;
    void apiFetch(`/api/admin/events/${props.eventId}`, { schema: ZEventAnswer }).then((answer) => {
      if (!answer.ok) return;
      setEvents((current) => (current.some((e) => e.id === answer.data.event.id) ? current : [...current, answer.data.event]));
    });
  }, [props.eventId]);
  useEffect(() => {
    if (props.eventId && !draft.eventId && events.some((e) => e.id === props.eventId)) {
      const event = events.find((e) => e.id === props.eventId)!;
      setDraft((d) => ({
        ...d,
        eventId: event.id,
        sideAShort: event.awayTeam?.abbreviation ?? "",
        sideBShort: event.homeTeam?.abbreviation ?? "",
        sideATake: event.awayTeam ? `The ${event.awayTeam.name} win` : "",
        sideBTake: event.homeTeam ? `The ${event.homeTeam.name} win` : "",
      }));
    }
  }, [events, props.eventId, draft.eventId]);

  const run = async (work: () => Promise<void>) => {
    setBusyState(true);
    setBusy(true);
    setError(null);
    try {
      await work();
    } finally {
      setBusyState(false);
      setBusy(false);
    }
  };

  const createProp = () =>
    run(async () => {
      if (props.superProp) {
        if (!isValidPackUrl(packUrl)) return setError(PACK_URL_MESSAGE);
        const answer = await apiFetch("/api/admin/props/super", {
          schema: ZSuperPropAnswer,
          body: { ...draftToRequest(draft), packTitle, packUrl },
        });
        if (!answer.ok) return setError(answer.error);
        replace("superPropCreated", { packUrl: answer.data.packUrl });
        return;
      }
      if (!packId) return setError("Pick a pack first.");
      const answer = await apiFetch("/api/admin/props", { schema: ZPropAnswer, body: { ...draftToRequest(draft), packId } });
      if (!answer.ok) return setError(answer.error);
      close({ created: [answer.data.prop] });
    });

  const addExisting = () =>
    run(async () => {
      if (!packId) return setError("Pick a pack first.");
      const answer = await apiFetch(`/api/admin/packs/${packId}/props`, {
        schema: ZPackPropsAnswer,
        body: { copyPropIds: [...selected] },
      });
      if (!answer.ok) return setError(answer.error);
      close({ created: answer.data.props });
    });

  const primary =
    tab === "new" ? (
      <Button onClick={createProp} disabled={busy}>
        {busy ? "Saving…" : props.superProp ? "Publish Super Prop" : "Create Prop"}
      </Button>
    ) : (
      <Button onClick={addExisting} disabled={busy || selected.size === 0}>
        {busy ? "Saving…" : "Submit"}
      </Button>
    );

  return (
    <Dialog
      title="Add Prop"
      size="xl"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()} disabled={busy}>
            Close
          </Button>
          {primary}
        </>
      }
    >
      <div className="grid gap-4">
        {props.superProp ? null : (
          <div role="tablist" aria-label="Add Prop" className="flex gap-1 border-b border-line">
            {(
              [
                ["new", "New prop"],
                ["existing", "Existing props"],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                id={`${id}-tab-${value}`}
                aria-selected={tab === value}
                aria-controls={`${id}-panel-${value}`}
                onClick={() => setTab(value)}
                className={`min-h-11 border-b-2 px-4 font-semibold ${tab === value ? "border-accent text-accent" : "border-transparent text-muted"}`}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        {needsPack ? (
          <div>
            <label htmlFor={`${id}-pack`} className={labelClass}>
              Pack
            </label>
            <select id={`${id}-pack`} className={inputClass} value={packId} onChange={(e) => setPackId(e.target.value)}>
              <option value="">{packs === null ? "Loading packs..." : "Select a pack"}</option>
              {(packs ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.league.toUpperCase()}, {p.status})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={props.superProp ? undefined : `${id}-tab-${tab}`}>
          {tab === "new" ? (
            <div className="grid gap-4">
              {props.superProp ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <div>
                    <label htmlFor={`${id}-pack-title`} className={labelClass}>
                      Pack Title
                    </label>
                    <input
                      id={`${id}-pack-title`}
                      className={inputClass}
                      value={packTitle}
                      maxLength={120}
                      onChange={(e) => {
                        const wasGenerated = packUrl === slugify(packTitle);
                        setPackTitle(e.target.value);
                        if (wasGenerated) setPackUrl(slugify(e.target.value));
                      }}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-pack-url`} className={labelClass}>
                      Pack URL
                    </label>
                    <input id={`${id}-pack-url`} className={inputClass} value={packUrl} maxLength={80} onChange={(e) => setPackUrl(e.target.value.toLowerCase())} />
                  </div>
                </div>
              ) : null}
              <PropFields draft={draft} onChange={setDraft} events={events} onEventsChange={setEvents} league={props.league} disabled={busy} />
            </div>
          ) : (
            <ExistingPropsPicker selected={selected} onSelectedChange={setSelected} />
          )}
        </div>
        <InlineError message={error} />
      </div>
    </Dialog>
  );
}
