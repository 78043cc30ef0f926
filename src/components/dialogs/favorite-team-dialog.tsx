"use client";

import { useEffect, useId, useState } from "react";
import { Loader2 } from "lucide-react";
import { ErrorLine } from "@/components/awards/error-line";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { callApi } from "@/components/awards/client-api";
import type { DialogComponentProps } from "./dialog-types";
import { announceFollowsChanged } from "@/components/shell/follow-events";

interface Team {
  id: string;
  slug: string;
  teamName: string;
  teamNameFull: string;
  teamLogo: Array<{ url: string }>;
}
interface FavoriteTeamProps {
  /** Route slug of the team to select at first (e.g. an award's required team). */
  preselectTeamSlug?: string | null;
  /** SMS consent given by the opener (e.g. awardClaim's checkbox). */
  smsConsent?: boolean;
}
export interface FavoriteTeamResult {
  slug: string;
  name: string;
}

const MISSING_TEAM = "Please select a team before submitting.";

/** Pick the favourite team (docs/SCREENS.md §4.3); saving it also follows it. Resolves with the team, or nothing when closed. */
export default function FavoriteTeamDialog({ props, close, setBusy }: DialogComponentProps<FavoriteTeamProps, FavoriteTeamResult>) {
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(props.preselectTeamSlug ?? null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    void callApi<{ teams: Team[] }>("/api/teams").then((answer) => {
      if (answer.ok) setTeams(answer.body.teams ?? []);
      else setLoadError(answer.status === 0 || answer.status >= 500 ? "Error fetching teams" : "Failed to load teams");
    });
  }, []);

  async function submit() {
    if (!selected) {
      setError(MISSING_TEAM);
      return;
    }
    setError(null);
    setSaving(true);
    setBusy(true);
    const answer = await callApi<{ favoriteTeam: { slug: string; name: string } }>("/api/profile/updateFavoriteTeam", {
      body: { teamSlug: selected, smsConsent: props.smsConsent ?? false },
    });
    setSaving(false);
    setBusy(false);
    if (answer.ok && answer.body.favoriteTeam) {
      // A favourite team counts as followed: buttons on the page behind say so at once.
      announceFollowsChanged();
      close(answer.body.favoriteTeam);
    }
    else setError(answer.body.error ?? "Follow failed");
  }

  return (
    <Dialog
      title="Select Your Favorite Team"
      size="lg"
      actions={
        <Button onClick={() => void submit()} disabled={saving || !teams} aria-describedby={error ? errorId : undefined}>
          {saving ? "Saving..." : "Submit"}
        </Button>
      }
    >
      {!teams && !loadError ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          Loading teams...
        </p>
      ) : null}
      {loadError ? <ErrorLine message={loadError} /> : null}
      {teams ? (
        <ul className="grid grid-cols-6 gap-1.5 lg:grid-cols-8" aria-label="Teams">
          {teams.map((team) => {
            const isSelected = selected === team.slug;
            return (
              <li key={team.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  aria-label={team.teamNameFull}
                  title={team.teamNameFull}
                  onClick={() => {
                    setSelected(isSelected ? null : team.slug);
                    setError(null);
                  }}
                  className={`group flex min-h-11 w-full flex-col items-center gap-0.5 rounded-xl p-1 transition ${
                    isSelected ? "bg-accent-tint ring-2 ring-accent" : "hover:bg-page"
                  }`}
                >
                  {team.teamLogo[0]?.url ? (
                    // eslint-disable-next-line @next/next/no-img-element -- remote logos, shown whole
                    <img src={team.teamLogo[0].url} alt="" width={40} height={40} loading="lazy" className={`h-9 w-9 object-contain ${isSelected ? "" : "opacity-40 grayscale group-hover:opacity-100 group-hover:grayscale-0"}`} />
                  ) : (
                    <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-page text-xs font-bold">
                      {team.teamName.slice(0, 3)}
                    </span>
                  )}
                  <span className="w-full truncate text-center text-[10px] leading-tight">{team.teamName}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div id={errorId} aria-live="assertive">
        {error ? <ErrorLine message={error} /> : null}
      </div>
    </Dialog>
  );
}
