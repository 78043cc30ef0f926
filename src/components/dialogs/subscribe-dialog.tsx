"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { toggled } from "@/components/ui/selection";
import { CheckboxLabel } from "@/components/ui/checkbox-label";
import { apiFetch } from "@/components/api/api-fetch";
import { ZSubscribeAnswer } from "@/domain/schemas/follows";
import { ErrorLine } from "@/components/awards/error-line";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import type { DialogComponentProps } from "./dialog-types";
import { LEAGUE_LABELS } from "@/config";
import { SMS_CONSENT_FIRST } from "@/domain/sms-consent";

export interface SubscribeProps {
  /** The pack's league, pre-checked; without one both leagues are offered unchecked. */
  league?: string | null;
  /** The pack's teams, pre-checked; each checkbox is named after the team. */
  teams?: Array<{ slug: string; name: string }>;
  series?: Array<{ slug: string; title: string }>;
}

/** League names from the one list (src/config.ts); a league not in it is shown upper-cased. */
const LEAGUE_NAMES: Record<string, string> = LEAGUE_LABELS;
const FAILED = "Could not subscribe. Please try again.";

/** Texts when packs open (docs/SCREENS.md §4.3): league, teams and series, each subscribed with category pack_open. Resolves true once subscribed. */
export default function SubscribeDialog({ props, close, setBusy }: DialogComponentProps<SubscribeProps, boolean>) {
  const { showToast } = useToast();
  const leagues = props.league ? [props.league] : Object.keys(LEAGUE_NAMES);
  const [checkedLeagues, setCheckedLeagues] = useState<Set<string>>(new Set(props.league ? [props.league] : []));
  const [checkedTeams, setCheckedTeams] = useState<Set<string>>(new Set((props.teams ?? []).map((t) => t.slug)));
  const [seriesOn, setSeriesOn] = useState(false);
  const [checkedSeries, setCheckedSeries] = useState<Set<string>>(new Set((props.series ?? []).map((s) => s.slug)));
  const [smsConsent, setSmsConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seriesListId = useId();

  const selections = [
    ...[...checkedLeagues].map((league) => ({ league })),
    ...[...checkedTeams].map((teamSlug) => ({ teamSlug })),
    ...(seriesOn ? (props.series ?? []).filter((s) => checkedSeries.has(s.slug)).map((s) => ({ seriesSlug: s.slug })) : []),
  ];

  async function subscribe() {
    if (!smsConsent) {
      setError(SMS_CONSENT_FIRST);
      return;
    }
    setError(null);
    setSaving(true);
    setBusy(true);
    const answers = await Promise.all(
      selections.map((scope) =>
        apiFetch("/api/notifications/subscribe", {
          schema: ZSubscribeAnswer,
          body: { category: "pack_open", smsConsent, ...scope },
          fallback: FAILED,
        }),
      ),
    );
    setSaving(false);
    setBusy(false);
    if (answers.every((answer) => answer.ok)) {
      showToast("Subscribed");
      close(true);
    } else {
      setError(FAILED);
    }
  }

  return (
    <Dialog
      title="Subscribe"
      description="Select what to subscribe to:"
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button onClick={() => void subscribe()} disabled={saving || selections.length === 0}>
            {saving ? "Subscribing…" : "Subscribe"}
          </Button>
        </>
      }
    >
      <CheckList
        legend={<legend className="sr-only">Leagues</legend>}
        className="space-y-2"
        bold
        items={leagues.map((league) => ({ key: league, label: `League: ${LEAGUE_NAMES[league] ?? league.toUpperCase()}` }))}
        checked={checkedLeagues}
        onChange={setCheckedLeagues}
      />
      {props.teams?.length ? (
        <CheckList
          legend={<legend className="text-sm font-bold uppercase tracking-wide text-muted">Teams</legend>}
          className="mt-3"
          items={props.teams.map((team) => ({ key: team.slug, label: team.name }))}
          checked={checkedTeams}
          onChange={setCheckedTeams}
        />
      ) : null}
      {props.series?.length ? (
        <div className="mt-3">
          <CheckboxLabel
            className="flex min-h-11 items-center gap-3 font-semibold"
            checked={seriesOn}
            controls={seriesListId}
            onChange={setSeriesOn}
          >
            Series
          </CheckboxLabel>
          <CheckList
            legend={<legend className="sr-only">Series</legend>}
            id={seriesListId}
            hidden={!seriesOn}
            className="ml-8"
            items={props.series.map((entry) => ({ key: entry.slug, label: entry.title }))}
            checked={checkedSeries}
            onChange={setCheckedSeries}
          />
        </div>
      ) : null}
      <SmsConsentCheckbox
        checked={smsConsent}
        onChange={setSmsConsent}
        label="I agree to receive SMS notifications when these packs open. Message and data rates may apply."
      />
      <div aria-live="assertive">{error ? <ErrorLine message={error} /> : null}</div>
    </Dialog>
  );
}

/** One group of the dialog's boxes (leagues, teams or series), each in or out of `checked`. */
function CheckList(props: {
  legend: ReactNode;
  id?: string;
  hidden?: boolean;
  className: string;
  bold?: boolean;
  items: Array<{ key: string; label: string }>;
  checked: Set<string>;
  onChange: (update: (checked: Set<string>) => Set<string>) => void;
}) {
  return (
    <fieldset id={props.id} hidden={props.hidden} className={props.className}>
      {props.legend}
      {props.items.map((item) => (
        <CheckboxLabel
          key={item.key}
          className={`flex min-h-11 items-center gap-3${props.bold ? " font-semibold" : ""}`}
          checked={props.checked.has(item.key)}
          onChange={() => props.onChange((set) => toggled(set, item.key))}
        >
          {item.label}
        </CheckboxLabel>
      ))}
    </fieldset>
  );
}
