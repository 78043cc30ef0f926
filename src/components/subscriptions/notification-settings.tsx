"use client";

import { CheckboxLabel } from "@/components/ui/checkbox-label";
import { createContext, Fragment, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { BellOff, BellRing, Loader2 } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import { LEAGUE_LABELS, SUPPORTED_LEAGUES } from "@/config";
import { ErrorLine } from "@/components/awards/error-line";
import { useModal } from "@/components/dialogs/modal-context";
import { onFollowsChanged } from "@/components/shell/follow-events";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { useToast } from "@/components/ui/toast";
import {
  ZNotificationSettingsAnswer,
  ZUnfollowSeriesAnswer,
  ZUnfollowTeamAnswer,
  type NotificationSettings as NotificationSettingsData,
} from "@/domain/schemas/follows";
import { REMINDER_LEAD_MINUTES, US_TIME_ZONE_IDS, zoneName, type ReminderLeadMinutes, type UsTimeZone } from "@/domain/quiet-hours";

/** What "Save Preferences" sends: the pause and every box of the card (PUT /api/notifications/settings). */
interface Preferences {
  smsOptOut: boolean;
  leagues: Record<string, boolean>;
  teams: Record<string, boolean>;
  series: Record<string, boolean>;
  reminders: boolean;
  reminderLeadMinutes: ReminderLeadMinutes;
  /** null = the zone of the player's number. */
  timeZone: UsTimeZone | null;
}

const preferencesOf = (settings: NotificationSettingsData): Preferences => ({
  smsOptOut: settings.smsOptOut,
  reminders: settings.reminders,
  reminderLeadMinutes: settings.reminderLeadMinutes,
  timeZone: settings.timeZone,
  leagues: Object.fromEntries(SUPPORTED_LEAGUES.map((league) => [league, !!settings.leagues[league]])),
  teams: Object.fromEntries(settings.teams.map((team) => [team.teamId, team.subscribed])),
  series: Object.fromEntries(settings.series.map((entry) => [entry.seriesId, entry.subscribed])),
});
const SETTINGS_PATH = "/api/notifications/settings";

interface SettingsApi {
  settings: NotificationSettingsData | null;
  loadFailed: boolean;
  reload: () => Promise<void>;
  saving: boolean;
  /** Saves the whole Subscriptions card ("Save Preferences"); true when saved. */
  savePreferences: (preferences: Preferences) => Promise<boolean>;
  unfollowing: string | null;
  unfollow: (kind: "team" | "series", id: string) => Promise<boolean>;
}

const SettingsContext = createContext<SettingsApi | null>(null);

function useSettings(): SettingsApi {
  const api = useContext(SettingsContext);
  if (!api) throw new Error("Notification settings need <NotificationSettingsProvider>");
  return api;
}

/**
 * The owner's follows and texts on their profile (docs/SCREENS.md §2.11 items 7-8,
 * issue 23 item 3), one state for both sections: unfollowing a team also ends
 * its texts. The pause is `profiles.sms_opt_out`, the flag a STOP reply sets,
 * so a STOP shows here as paused (docs/PRODUCT.md §9). Rendered only on the owner's
 * profile, which is never a shared page copy (docs/decisions/025-shared-page-cache.md).
 */
export function NotificationSettingsProvider({
  initial,
  children,
}: {
  initial: NotificationSettingsData | null;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [settings, setSettings] = useState(initial);
  const [loadFailed, setLoadFailed] = useState(initial === null);
  const [saving, setSaving] = useState(false);
  const [unfollowing, setUnfollowing] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoadFailed(false);
    const answer = await apiFetch(SETTINGS_PATH, { schema: ZNotificationSettingsAnswer });
    if (answer.ok) setSettings(answer.data.settings);
    else setLoadFailed(true);
  }, []);
  // A follow made elsewhere on the page (the favourite-team picker) shows here at once.
  useEffect(() => onFollowsChanged(() => void reload()), [reload]);

  const save = useCallback(async (change: Record<string, unknown>) => {
    const answer = await apiFetch(SETTINGS_PATH, { schema: ZNotificationSettingsAnswer, method: "PUT", body: change });
    if (answer.ok) {
      setSettings(answer.data.settings);
      return true;
    }
    return false;
  }, []);

  const savePreferences = useCallback(
    async (preferences: Preferences) => {
      setSaving(true);
      const saved = await save({ ...preferences });
      setSaving(false);
      showToast(saved ? "Preferences saved" : "Failed to save preferences", saved ? "success" : "error");
      return saved;
    },
    [save, showToast],
  );

  const unfollow = useCallback(
    async (kind: "team" | "series", id: string) => {
      const item =
        kind === "team" ? settings?.teams.find((team) => team.teamId === id) : settings?.series.find((entry) => entry.seriesId === id);
      if (!item) return false;
      setUnfollowing(`${kind}:${id}`);
      const answer =
        kind === "team"
          ? await apiFetch("/api/follow/team", { schema: ZUnfollowTeamAnswer, method: "DELETE", body: { teamSlug: item.slug } })
          : await apiFetch("/api/follow/series", { schema: ZUnfollowSeriesAnswer, method: "DELETE", body: { seriesId: id } });
      if (answer.ok) {
        // The server also ends the item's texts and, for the favourite team, the favourite: read both back.
        await reload();
        router.refresh();
      }
      setUnfollowing(null);
      showToast(answer.ok ? "Unfollowed" : "Failed to unfollow", answer.ok ? "success" : "error");
      return answer.ok;
    },
    [settings, reload, router, showToast],
  );

  const api = useMemo(
    () => ({ settings, loadFailed, reload, saving, savePreferences, unfollowing, unfollow }),
    [settings, loadFailed, reload, saving, savePreferences, unfollowing, unfollow],
  );
  return <SettingsContext.Provider value={api}>{children}</SettingsContext.Provider>;
}

/** Loading and load-failure states of the settings (the page renders them on the server, so this is rare). */
function LoadState() {
  const { settings, loadFailed, reload } = useSettings();
  const [retrying, setRetrying] = useState(false);
  if (settings && !loadFailed) return null;
  if (loadFailed) {
    return (
      <div role="alert">
        <ErrorLine message="Could not load" />
        <Button
          variant="secondary"
          className="mt-2"
          disabled={retrying}
          onClick={async () => {
            setRetrying(true);
            await reload();
            setRetrying(false);
          }}
        >
          {retrying ? "Loading…" : "Try again"}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-muted">
      <Loader2 size={16} className="animate-spin" aria-hidden="true" />
      Loading…
    </p>
  );
}

/** The owner's "Followed Teams" and "Followed Series", each with "Unfollow" (confirmed, docs/SCREENS.md §2.11 item 7). */
export function OwnFollows() {
  const { settings, unfollowing, unfollow } = useSettings();
  const { openModal } = useModal();
  const teamsHeading = useRef<HTMLHeadingElement>(null);
  const seriesHeading = useRef<HTMLHeadingElement>(null);
  // The Subscriptions card below says why and offers "Try again"; once loaded, both sections fill in.
  if (!settings) return <p className="rounded-2xl bg-surface p-4 text-sm text-muted shadow-sm">Could not load</p>;
  const teams = settings.teams.filter((team) => team.followed);
  const series = settings.series.filter((entry) => entry.followed);

  // Named in full, never by abbreviation (the Eagles and the Phillies are both PHI); the favourite
  // team says what happens to the favourite (issue 39).
  const confirmAndUnfollow = async (kind: "team" | "series", id: string, name: string, favorite: boolean) => {
    const confirmed = await openModal("confirm", {
      title: favorite ? `Unfollow the ${name}?` : kind === "team" ? "Unfollow team?" : "Unfollow series?",
      message: favorite
        ? `The ${name} are your favourite team. Unfollowing them also clears your favourite team; you can pick one again on your profile.`
        : `Are you sure you want to unfollow ${name}?`,
      confirmLabel: "Unfollow",
      destructive: true,
    });
    // The row goes away with its button, so focus lands on the list's heading rather than on nothing.
    if (confirmed && (await unfollow(kind, id))) (kind === "team" ? teamsHeading : seriesHeading).current?.focus();
  };

  const row = (key: string, href: string, name: string, kind: "team" | "series", id: string, favorite = false) => {
    const busy = unfollowing === `${kind}:${id}`;
    return (
      <li key={key} className="flex items-center justify-between gap-3 py-2">
        <Link href={href} className="min-w-0 break-words font-semibold text-accent hover:underline">
          {name}
        </Link>
        <Button
          variant="secondary"
          className="shrink-0 px-4"
          aria-label={busy ? `Unfollowing ${name}…` : `Unfollow ${name}`}
          disabled={unfollowing !== null}
          onClick={() => void confirmAndUnfollow(kind, id, name, favorite)}
        >
          {busy ? "Unfollowing…" : "Unfollow"}
        </Button>
      </li>
    );
  };

  return (
    <div className="rounded-2xl bg-surface p-4 shadow-sm">
      {[
        {
          heading: teamsHeading,
          title: "Followed Teams",
          label: "Followed teams",
          empty: "No teams followed.",
          rows: teams.map((team) => row(team.teamId, `/teams/${team.slug}`, team.name, "team", team.teamId, team.favorite)),
        },
        {
          heading: seriesHeading,
          title: "Followed Series",
          label: "Followed series",
          empty: "No series followed.",
          rows: series.map((entry) => row(entry.seriesId, `/series/${entry.slug}`, entry.title, "series", entry.seriesId)),
        },
      ].map((section, index) => (
        <Fragment key={section.title}>
          <h3
            ref={section.heading}
            tabIndex={-1}
            className={`${index ? "mt-4 " : ""}text-sm font-bold uppercase tracking-wide text-muted outline-none`}
          >
            {section.title}
          </h3>
          {section.rows.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{section.empty}</p>
          ) : (
            <ul aria-label={section.label} className="mt-1 divide-y divide-line">
              {section.rows}
            </ul>
          )}
        </Fragment>
      ))}
    </div>
  );
}

/** One box of the card: a real checkbox with its label. */
function Box({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <li>
      <CheckboxLabel
        className="flex min-h-11 cursor-pointer items-center gap-3 py-1"
        inputClassName="h-5 w-5 shrink-0 accent-[var(--color-accent)]"
        checked={checked}
        onChange={onChange}
      >
        <span className="min-w-0 break-words">{label}</span>
      </CheckboxLabel>
    </li>
  );
}

const LEAD_LABELS: Record<ReminderLeadMinutes, string> = { 30: "30 minutes", 60: "1 hour", 180: "3 hours" };
const SELECT_CLASS = "mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 sm:w-72";

/**
 * Reminders before a followed pack closes, and the zone quiet hours are kept in
 * (docs/decisions/072-reminders-and-quiet-hours.md); greyed out with the rest while texts are paused.
 */
function ReminderFields({
  draft,
  numberTimeZone,
  onChange,
}: {
  draft: Preferences;
  numberTimeZone: UsTimeZone;
  onChange: (preferences: Preferences) => void;
}) {
  const leadId = useId();
  const zoneId = useId();
  return (
    <fieldset disabled={draft.smsOptOut} className={`mt-3 min-w-0 ${draft.smsOptOut ? "opacity-60" : ""}`}>
      <legend className="text-sm font-bold uppercase tracking-wide text-muted">Reminders and quiet hours</legend>
      <ul className="mt-1">
        <Box
          label="Remind me before a pack I follow closes, if I still have picks to make"
          checked={draft.reminders}
          onChange={(on) => onChange({ ...draft, reminders: on })}
        />
      </ul>
      <label htmlFor={leadId} className="mt-2 block text-sm font-semibold">
        How long before it closes
      </label>
      <select
        id={leadId}
        className={SELECT_CLASS}
        disabled={!draft.reminders}
        value={draft.reminderLeadMinutes}
        onChange={(event) => {
          const lead = REMINDER_LEAD_MINUTES.find((minutes) => String(minutes) === event.target.value);
          if (lead) onChange({ ...draft, reminderLeadMinutes: lead });
        }}
      >
        {REMINDER_LEAD_MINUTES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {LEAD_LABELS[minutes]}
          </option>
        ))}
      </select>
      <label htmlFor={zoneId} className="mt-3 block text-sm font-semibold">
        Your time zone
      </label>
      <select
        id={zoneId}
        className={SELECT_CLASS}
        value={draft.timeZone ?? ""}
        onChange={(event) => onChange({ ...draft, timeZone: US_TIME_ZONE_IDS.find((zone) => zone === event.target.value) ?? null })}
      >
        <option value="">From my number ({zoneName(numberTimeZone)})</option>
        {US_TIME_ZONE_IDS.map((zone) => (
          <option key={zone} value={zone}>
            {zoneName(zone)}
          </option>
        ))}
      </select>
      <p className="mt-2 text-xs text-muted">
        No reminders or pack-open texts between 9 pm and 8 am your time: they wait for the morning, or are not sent if the pack has closed
        by then. Sign-in codes and results always come at once.
      </p>
    </fieldset>
  );
}

/**
 * The "Subscriptions" card of the owner's settings (docs/SCREENS.md §2.11 item 8):
 * "Pause all SMS" (greys out the rest), a box per league ("NFL", "MLB"), team
 * and series, and "Save Preferences". The pause is the flag a STOP reply sets.
 */
export function NotificationSettings() {
  const { settings, saving, savePreferences } = useSettings();
  const stateId = useId();
  const [draft, setDraft] = useState<Preferences | null>(() => (settings ? preferencesOf(settings) : null));
  const [basis, setBasis] = useState(settings);
  // The preferences a save in flight sent, to tell its answer from the player's later edits.
  const [sent, setSent] = useState<string | null>(null);
  // The settings changed under the card (loaded, saved, a follow ended): start again from them,
  // unless they are a save's answer and the player has changed something since that save began
  // (ticked "Pause all SMS" while it was on its way): those edits stay, to be saved next.
  if (settings !== basis) {
    setBasis(settings);
    const editedSinceSave = sent !== null && draft !== null && JSON.stringify(draft) !== sent;
    // The answer is in: cleared here, in the same render, never by the save's own callback, which
    // React may batch with the answer so that the check above would not see the save at all.
    if (sent !== null) setSent(null);
    if (!editedSinceSave) setDraft(settings ? preferencesOf(settings) : null);
  }
  const paused = settings?.smsOptOut === true;
  const toggle = (kind: "leagues" | "teams" | "series", id: string, on: boolean) =>
    setDraft((current) => (current ? { ...current, [kind]: { ...current[kind], [id]: on } } : current));
  return (
    <section aria-labelledby="subscriptions-title" className="rounded-2xl bg-surface p-4 shadow-sm">
      <h3 id="subscriptions-title" className="text-lg font-extrabold">
        Subscriptions
      </h3>
      <p className="text-sm text-muted">Get SMS when packs open by league or specific teams.</p>
      {settings && draft ? (
        <form
          className="mt-3"
          onSubmit={(event) => {
            event.preventDefault();
            setSent(JSON.stringify(draft));
            void savePreferences(draft).then((saved) => {
              if (!saved) setSent(null);
            });
          }}
        >
          <p
            id={stateId}
            role="status"
            className={`flex items-start gap-2 rounded-xl border p-3 text-sm ${paused ? "border-push bg-push-tint" : "border-line"}`}
          >
            {paused ? (
              <BellOff size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
            ) : (
              <BellRing size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
            )}
            {paused ? (
              <span>
                <strong>SMS paused</strong> — you won&apos;t get any texts until you turn it back on.
              </span>
            ) : (
              <span>
                <strong>SMS on</strong> — you get a text when a pack opens for anything ticked below.
              </span>
            )}
          </p>
          <ul className="mt-2">
            <Box label="Pause all SMS" checked={draft.smsOptOut} onChange={(on) => setDraft({ ...draft, smsOptOut: on })} />
          </ul>
          <fieldset disabled={draft.smsOptOut} className={`mt-1 min-w-0 ${draft.smsOptOut ? "opacity-60" : ""}`}>
            <legend className="text-sm font-bold uppercase tracking-wide text-muted">Texts when packs open</legend>
            <ul aria-label="Leagues" className="mt-1 divide-y divide-line">
              {SUPPORTED_LEAGUES.map((league) => (
                <Box
                  key={league}
                  label={LEAGUE_LABELS[league]}
                  checked={!!draft.leagues[league]}
                  onChange={(on) => toggle("leagues", league, on)}
                />
              ))}
            </ul>
            {settings.teams.length > 0 ? (
              <ul aria-label="Teams" className="divide-y divide-line border-t border-line">
                {settings.teams.map((team) => (
                  <Box
                    key={team.teamId}
                    label={team.name}
                    checked={!!draft.teams[team.teamId]}
                    onChange={(on) => toggle("teams", team.teamId, on)}
                  />
                ))}
              </ul>
            ) : null}
            {settings.series.length > 0 ? (
              <ul aria-label="Series" className="divide-y divide-line border-t border-line">
                {settings.series.map((entry) => (
                  <Box
                    key={entry.seriesId}
                    label={`Series: ${entry.title}`}
                    checked={!!draft.series[entry.seriesId]}
                    onChange={(on) => toggle("series", entry.seriesId, on)}
                  />
                ))}
              </ul>
            ) : null}
          </fieldset>
          <ReminderFields draft={draft} numberTimeZone={settings.numberTimeZone} onChange={setDraft} />
          <Button type="submit" className="mt-3 w-full sm:w-auto" disabled={saving} aria-describedby={stateId}>
            {saving ? (
              <>
                <Loader2 size={16} className="animate-spin" aria-hidden="true" />
                Saving…
              </>
            ) : (
              "Save Preferences"
            )}
          </Button>
          <p className="mt-2 text-xs text-muted">Replying STOP to any of our texts pauses them too; START turns them back on.</p>
        </form>
      ) : (
        <div className="mt-3">
          <LoadState />
        </div>
      )}
    </section>
  );
}
