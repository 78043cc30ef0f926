"use client";

import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { callApi } from "@/components/awards/client-api";
import { ErrorLine } from "@/components/awards/error-line";

interface Settings {
  smsOptOut: boolean;
  leagues: Record<string, boolean>;
  teams: Array<{ teamId: string; slug: string; name: string; league: string; subscribed: boolean }>;
  series: Array<{ seriesId: string; slug: string; title: string; subscribed: boolean }>;
}

const LEAGUE_NAMES: Record<string, string> = { nfl: "NFL", mlb: "MLB" };
const CHECKBOX = "h-5 w-5 accent-[var(--color-accent)]";

/**
 * The own profile's "Subscriptions" card (screens.md §2.11 item 8): pack-open
 * texts per league, followed team and series, and "Pause all SMS".
 */
export function NotificationSettings() {
  const { showToast } = useToast();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void callApi<{ settings: Settings }>("/api/notifications/settings").then((answer) => {
      if (answer.ok && answer.body.settings) setSettings(answer.body.settings);
      else setLoadFailed(true);
    });
  }, []);

  async function save() {
    if (!settings) return;
    setSaving(true);
    const answer = await callApi<{ settings: Settings }>("/api/notifications/settings", {
      method: "PUT",
      body: {
        smsOptOut: settings.smsOptOut,
        leagues: settings.leagues,
        teams: Object.fromEntries(settings.teams.map((team) => [team.teamId, team.subscribed])),
        series: Object.fromEntries(settings.series.map((entry) => [entry.seriesId, entry.subscribed])),
      },
    });
    setSaving(false);
    if (answer.ok && answer.body.settings) {
      setSettings(answer.body.settings);
      showToast("Preferences saved");
    } else {
      showToast("Failed to save preferences", "error");
    }
  }

  return (
    <section aria-labelledby="subscriptions-title" className="rounded-2xl bg-surface p-4 shadow-sm">
      <h3 id="subscriptions-title" className="text-lg font-extrabold">
        Subscriptions
      </h3>
      <p className="text-sm text-muted">Get SMS when packs open by league or specific teams.</p>
      {loadFailed ? <ErrorLine message="Failed to load" /> : null}
      {!settings && !loadFailed ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          Loading…
        </p>
      ) : null}
      {settings ? (
        <div className="mt-3">
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              className={CHECKBOX}
              checked={settings.smsOptOut}
              onChange={(event) => setSettings({ ...settings, smsOptOut: event.target.checked })}
            />
            Pause all SMS
          </label>
          <fieldset disabled={settings.smsOptOut} className={settings.smsOptOut ? "opacity-60" : ""}>
            <legend className="sr-only">Pack alerts</legend>
            {Object.keys(LEAGUE_NAMES).map((league) => (
              <label key={league} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  checked={!!settings.leagues[league]}
                  onChange={(event) => setSettings({ ...settings, leagues: { ...settings.leagues, [league]: event.target.checked } })}
                />
                {LEAGUE_NAMES[league]}
              </label>
            ))}
            {settings.teams.map((team) => (
              <label key={team.teamId} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  checked={team.subscribed}
                  onChange={(event) =>
                    setSettings({
                      ...settings,
                      teams: settings.teams.map((t) => (t.teamId === team.teamId ? { ...t, subscribed: event.target.checked } : t)),
                    })
                  }
                />
                {team.name}
              </label>
            ))}
            {settings.series.map((entry) => (
              <label key={entry.seriesId} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  checked={entry.subscribed}
                  onChange={(event) =>
                    setSettings({
                      ...settings,
                      series: settings.series.map((s) => (s.seriesId === entry.seriesId ? { ...s, subscribed: event.target.checked } : s)),
                    })
                  }
                />
                {`Series: ${entry.title}`}
              </label>
            ))}
          </fieldset>
          <Button className="mt-3" onClick={() => void save()} disabled={saving}>
            {saving ? "Saving…" : "Save Preferences"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
