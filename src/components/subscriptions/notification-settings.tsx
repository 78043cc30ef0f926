"use client";

import { createContext, useCallback, useContext, useId, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { BellOff, BellRing, Loader2 } from "lucide-react";
import { callApi } from "@/components/awards/client-api";
import { ErrorLine } from "@/components/awards/error-line";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { useToast } from "@/components/ui/toast";

/** What GET/PUT /api/notifications/settings answer (src/server/subscriptions/get-notification-settings.ts). */
export interface NotificationSettingsData {
  smsOptOut: boolean;
  leagues: Record<string, boolean>;
  teams: Array<{ teamId: string; slug: string; name: string; abbreviation: string; league: string; followed: boolean; subscribed: boolean }>;
  series: Array<{ seriesId: string; slug: string; title: string; followed: boolean; subscribed: boolean }>;
}

type ScopeKind = "leagues" | "teams" | "series";
const LEAGUE_NAMES: Record<string, string> = { nfl: "NFL", mlb: "MLB" };
const SETTINGS_PATH = "/api/notifications/settings";

interface SettingsApi {
  settings: NotificationSettingsData | null;
  loadFailed: boolean;
  reload: () => Promise<void>;
  pauseBusy: boolean;
  pauseError: string | null;
  setPaused: (paused: boolean) => Promise<void>;
  /** `{kind}:{id}` of the switch whose change is being saved. */
  busyScope: string | null;
  setSubscribed: (kind: ScopeKind, id: string, on: boolean) => Promise<void>;
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
 * The owner's follows and texts on their profile (screens.md §2.11 items 7-8,
 * issue 23 item 3), one state for both sections: unfollowing a team also ends
 * its texts. The pause is `profiles.sms_opt_out`, the flag a STOP reply sets,
 * so a STOP shows here as paused (domain.md §9). Rendered only on the owner's
 * profile, which is never a shared page copy (docs/decisions/025-shared-page-cache.md).
 */
export function NotificationSettingsProvider({ initial, children }: { initial: NotificationSettingsData | null; children: React.ReactNode }) {
  const router = useRouter();
  const { showToast } = useToast();
  const [settings, setSettings] = useState(initial);
  const [loadFailed, setLoadFailed] = useState(initial === null);
  const [pauseBusy, setPauseBusy] = useState(false);
  const [pauseError, setPauseError] = useState<string | null>(null);
  const [busyScope, setBusyScope] = useState<string | null>(null);
  const [unfollowing, setUnfollowing] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoadFailed(false);
    const answer = await callApi<{ settings: NotificationSettingsData }>(SETTINGS_PATH);
    if (answer.ok && answer.body.settings) setSettings(answer.body.settings);
    else setLoadFailed(true);
  }, []);

  const save = useCallback(async (change: Record<string, unknown>) => {
    const answer = await callApi<{ settings: NotificationSettingsData }>(SETTINGS_PATH, { method: "PUT", body: change });
    if (answer.ok && answer.body.settings) {
      setSettings(answer.body.settings);
      return true;
    }
    return false;
  }, []);

  const setPaused = useCallback(
    async (paused: boolean) => {
      setPauseBusy(true);
      setPauseError(null);
      const saved = await save({ smsOptOut: paused });
      setPauseBusy(false);
      if (!saved) setPauseError(paused ? "Could not pause texts. Please try again." : "Could not resume texts. Please try again.");
    },
    [save],
  );

  const setSubscribed = useCallback(
    async (kind: ScopeKind, id: string, on: boolean) => {
      setBusyScope(`${kind}:${id}`);
      const saved = await save({ [kind]: { [id]: on } });
      setBusyScope(null);
      showToast(saved ? "Preferences saved" : "Failed to save preferences", saved ? "success" : "error");
    },
    [save, showToast],
  );

  const unfollow = useCallback(
    async (kind: "team" | "series", id: string) => {
      const item = kind === "team" ? settings?.teams.find((team) => team.teamId === id) : settings?.series.find((entry) => entry.seriesId === id);
      if (!item) return false;
      setUnfollowing(`${kind}:${id}`);
      const answer =
        kind === "team"
          ? await callApi("/api/follow/team", { method: "DELETE", body: { teamSlug: item.slug } })
          : await callApi("/api/follow/series", { method: "DELETE", body: { seriesId: id } });
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
    () => ({ settings, loadFailed, reload, pauseBusy, pauseError, setPaused, busyScope, setSubscribed, unfollowing, unfollow }),
    [settings, loadFailed, reload, pauseBusy, pauseError, setPaused, busyScope, setSubscribed, unfollowing, unfollow],
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

/** The owner's "Followed Teams" and "Followed Series", each with "Unfollow" (confirmed, screens.md §2.11 item 7). */
export function OwnFollows() {
  const { settings, unfollowing, unfollow } = useSettings();
  const { openModal } = useModal();
  const teamsHeading = useRef<HTMLHeadingElement>(null);
  const seriesHeading = useRef<HTMLHeadingElement>(null);
  // The Subscriptions card below says why and offers "Try again"; once loaded, both sections fill in.
  if (!settings) return <p className="rounded-2xl bg-surface p-4 text-sm text-muted shadow-sm">Could not load</p>;
  const teams = settings.teams.filter((team) => team.followed);
  const series = settings.series.filter((entry) => entry.followed);

  const confirmAndUnfollow = async (kind: "team" | "series", id: string, shortName: string) => {
    const confirmed = await openModal<boolean>("confirm", {
      title: kind === "team" ? "Unfollow team?" : "Unfollow series?",
      message: `Are you sure you want to unfollow ${shortName}?`,
      confirmLabel: "Unfollow",
      destructive: true,
    });
    // The row goes away with its button, so focus lands on the list's heading rather than on nothing.
    if (confirmed && (await unfollow(kind, id))) (kind === "team" ? teamsHeading : seriesHeading).current?.focus();
  };

  const row = (key: string, href: string, name: string, kind: "team" | "series", id: string, shortName: string) => {
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
          onClick={() => void confirmAndUnfollow(kind, id, shortName)}
        >
          {busy ? "Unfollowing…" : "Unfollow"}
        </Button>
      </li>
    );
  };

  return (
    <div className="rounded-2xl bg-surface p-4 shadow-sm">
      <h3 ref={teamsHeading} tabIndex={-1} className="text-sm font-bold uppercase tracking-wide text-muted outline-none">
        Followed Teams
      </h3>
      {teams.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No teams followed.</p>
      ) : (
        <ul aria-label="Followed teams" className="mt-1 divide-y divide-line">
          {teams.map((team) => row(team.teamId, `/teams/${team.slug}`, team.name, "team", team.teamId, team.abbreviation || team.name))}
        </ul>
      )}
      <h3 ref={seriesHeading} tabIndex={-1} className="mt-4 text-sm font-bold uppercase tracking-wide text-muted outline-none">
        Followed Series
      </h3>
      {series.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No series followed.</p>
      ) : (
        <ul aria-label="Followed series" className="mt-1 divide-y divide-line">
          {series.map((entry) => row(entry.seriesId, `/series/${entry.slug}`, entry.title, "series", entry.seriesId, entry.title))}
        </ul>
      )}
    </div>
  );
}

/** One scope's pack-open texts: a real switch button, saved as soon as it flips. */
function ScopeSwitch({ kind, id, label, on }: { kind: ScopeKind; id: string; label: string; on: boolean }) {
  const { busyScope, setSubscribed } = useSettings();
  const labelId = useId();
  const busy = busyScope === `${kind}:${id}`;
  return (
    <li className="flex items-center justify-between gap-3 py-1">
      <span id={labelId} className="min-w-0 break-words">
        {label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-busy={busy}
        // aria-disabled, not disabled, while saving: the switch keeps keyboard focus.
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) void setSubscribed(kind, id, !on);
        }}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-full px-1 text-sm font-semibold disabled:cursor-not-allowed"
      >
        <span aria-hidden="true" className="w-7 text-right text-muted">
          {busy ? <Loader2 size={14} className="ml-auto animate-spin" /> : on ? "On" : "Off"}
        </span>
        <span
          aria-hidden="true"
          className={`relative inline-flex h-7 w-12 items-center rounded-full border-2 transition-colors duration-150 ${
            on ? "border-accent bg-accent" : "border-muted bg-surface"
          }`}
        >
          <span
            className={`inline-block h-5 w-5 rounded-full shadow transition-transform duration-150 motion-reduce:transition-none ${
              on ? "translate-x-[22px] bg-white" : "translate-x-0.5 bg-muted"
            }`}
          />
        </span>
      </button>
    </li>
  );
}

/**
 * The "Subscriptions" card of the owner's settings: "Pause all texts" /
 * "Resume texts" at once (harmless and reversible, so no confirmation), and a
 * switch per league, team and series. While paused the switches are greyed
 * out: nothing is sent whatever they say.
 */
export function NotificationSettings() {
  const { settings, pauseBusy, pauseError, setPaused } = useSettings();
  const stateId = useId();
  const paused = settings?.smsOptOut === true;
  return (
    <section aria-labelledby="subscriptions-title" className="rounded-2xl bg-surface p-4 shadow-sm">
      <h3 id="subscriptions-title" className="text-lg font-extrabold">
        Subscriptions
      </h3>
      <p className="text-sm text-muted">Get SMS when packs open by league or specific teams.</p>
      {settings ? (
        <>
          <div className={`mt-3 rounded-xl border p-3 ${paused ? "border-push bg-push-tint" : "border-line"}`}>
            <p id={stateId} role="status" className="flex items-start gap-2 text-sm">
              {paused ? (
                <BellOff size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
              ) : (
                <BellRing size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
              )}
              {paused ? (
                <span>
                  <strong>Texts paused</strong> — you won&apos;t get any texts until you resume.
                </span>
              ) : (
                <span>
                  <strong>Texts on</strong> — you get a text when a pack opens for anything switched on below.
                </span>
              )}
            </p>
            <Button
              variant={paused ? "primary" : "secondary"}
              className="mt-3 w-full sm:w-auto"
              aria-describedby={stateId}
              disabled={pauseBusy}
              onClick={() => void setPaused(!paused)}
            >
              {pauseBusy ? (
                <>
                  <Loader2 size={16} className="animate-spin" aria-hidden="true" />
                  {paused ? "Resuming…" : "Pausing…"}
                </>
              ) : paused ? (
                "Resume texts"
              ) : (
                "Pause all texts"
              )}
            </Button>
            {pauseError ? (
              <div role="alert">
                <ErrorLine message={pauseError} />
              </div>
            ) : null}
            <p className="mt-2 text-xs text-muted">Replying STOP to any of our texts pauses them too; START resumes them.</p>
          </div>
          <fieldset disabled={paused} className={`mt-3 min-w-0 ${paused ? "opacity-60" : ""}`}>
            <legend className="text-sm font-bold uppercase tracking-wide text-muted">Texts when packs open</legend>
            <ul aria-label="Leagues" className="mt-1 divide-y divide-line">
              {Object.entries(LEAGUE_NAMES).map(([league, name]) => (
                <ScopeSwitch key={league} kind="leagues" id={league} label={`All ${name} packs`} on={!!settings.leagues[league]} />
              ))}
            </ul>
            {settings.teams.length > 0 ? (
              <ul aria-label="Teams" className="divide-y divide-line border-t border-line">
                {settings.teams.map((team) => (
                  <ScopeSwitch key={team.teamId} kind="teams" id={team.teamId} label={team.name} on={team.subscribed} />
                ))}
              </ul>
            ) : null}
            {settings.series.length > 0 ? (
              <ul aria-label="Series" className="divide-y divide-line border-t border-line">
                {settings.series.map((entry) => (
                  <ScopeSwitch key={entry.seriesId} kind="series" id={entry.seriesId} label={`Series: ${entry.title}`} on={entry.subscribed} />
                ))}
              </ul>
            ) : null}
          </fieldset>
        </>
      ) : (
        <div className="mt-3">
          <LoadState />
        </div>
      )}
    </section>
  );
}
