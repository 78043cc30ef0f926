"use client";

import { useId, useMemo, useState } from "react";
import { Loader2, Search } from "lucide-react";
import { ErrorLine } from "@/components/awards/error-line";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { ZTeamsAnswer, ZUpdateFavoriteTeamAnswer, type TeamListEntry as Team } from "@/domain/schemas/follows";
import type { DialogComponentProps } from "./dialog-types";
import { LEAGUE_LABELS } from "@/config";
import { announceFollowsChanged } from "@/components/shell/follow-events";

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
/** League names from the one list (src/config.ts); a league not in it is shown upper-cased. */
const LEAGUE_NAMES: Record<string, string> = LEAGUE_LABELS;

/** What a search matches: the full name ("New York Giants"), the short one and the abbreviation. */
const matches = (team: Team, query: string) =>
  !query || `${team.teamNameFull} ${team.teamName} ${team.abbreviation}`.toLowerCase().includes(query);

/**
 * Pick the favourite team (docs/SCREENS.md §4.3); saving it also follows it. Resolves with the team, or
 * nothing when closed. Teams are grouped by league (the NFL's and MLB's Giants and Cardinals are
 * different teams) with the preselected team's league first, named in full on two lines rather
 * than cut off on a phone, and a search narrows the 60-odd teams (issue 23 item 11).
 */
export default function FavoriteTeamDialog({ props, close, setBusy }: DialogComponentProps<FavoriteTeamProps, FavoriteTeamResult>) {
  const read = useApiQuery("/api/teams", { schema: ZTeamsAnswer });
  const teams = read.state.status === "ready" ? read.state.data.teams : null;
  // No answer, or the server failing, reads as "Error fetching"; a refusal as "Failed to load".
  const loadError =
    read.state.status !== "error"
      ? null
      : read.state.httpStatus === 0 || read.state.httpStatus >= 500
        ? "Error fetching teams"
        : "Failed to load teams";
  const [selected, setSelected] = useState<string | null>(props.preselectTeamSlug ?? null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const errorId = useId();
  const searchId = useId();

  const groups = useMemo(() => {
    if (!teams) return [];
    const needle = query.trim().toLowerCase();
    const first = teams.find((team) => team.slug === props.preselectTeamSlug)?.league;
    const leagues = [...new Set(teams.map((team) => team.league))].sort(
      (a, b) => Number(b === first) - Number(a === first) || a.localeCompare(b),
    );
    return leagues
      .map((league) => ({ league, teams: teams.filter((team) => team.league === league && matches(team, needle)) }))
      .filter((group) => group.teams.length > 0);
  }, [teams, query, props.preselectTeamSlug]);
  const selectedTeam = teams?.find((team) => team.slug === selected) ?? null;

  async function submit() {
    if (!selected) {
      setError(MISSING_TEAM);
      return;
    }
    setError(null);
    setSaving(true);
    setBusy(true);
    const answer = await apiFetch("/api/profile/updateFavoriteTeam", {
      schema: ZUpdateFavoriteTeamAnswer,
      body: { teamSlug: selected, smsConsent: props.smsConsent ?? false },
      fallback: "Follow failed",
    });
    setSaving(false);
    setBusy(false);
    if (answer.ok) {
      // A favourite team counts as followed: buttons on the page behind say so at once.
      announceFollowsChanged();
      close(answer.data.favoriteTeam);
    } else setError(answer.error);
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
      {read.state.status === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          Loading teams...
        </p>
      ) : null}
      {loadError ? <ErrorLine message={loadError} /> : null}
      {teams ? (
        <>
          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              Search teams
            </label>
            <Search size={16} aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search teams"
              autoComplete="off"
              className="min-h-11 w-full rounded-xl border border-line bg-surface py-2 pl-9 pr-3 text-base"
            />
          </div>
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {selectedTeam ? (
              <>
                Selected: <strong className="text-ink">{selectedTeam.teamNameFull}</strong> (
                {LEAGUE_NAMES[selectedTeam.league] ?? selectedTeam.league.toUpperCase()})
              </>
            ) : (
              "No team selected yet."
            )}
          </p>
          {groups.length === 0 ? <p className="mt-3 text-sm text-muted">No teams match “{query.trim()}”.</p> : null}
          {groups.map((group) => {
            const leagueName = LEAGUE_NAMES[group.league] ?? group.league.toUpperCase();
            return (
              <section key={group.league} aria-labelledby={`${searchId}-${group.league}`} className="mt-3">
                <h3 id={`${searchId}-${group.league}`} className="mb-1.5 text-xs font-bold uppercase tracking-wide text-muted">
                  {leagueName}
                </h3>
                <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8" aria-label={`${leagueName} teams`}>
                  {group.teams.map((team) => {
                    const isSelected = selected === team.slug;
                    return (
                      <li key={team.id}>
                        <button
                          type="button"
                          aria-pressed={isSelected}
                          aria-label={team.teamNameFull}
                          title={`${team.teamNameFull} (${leagueName})`}
                          onClick={() => {
                            setSelected(isSelected ? null : team.slug);
                            setError(null);
                          }}
                          className={`group flex h-full min-h-11 w-full flex-col items-center gap-0.5 rounded-xl p-1 transition ${
                            isSelected ? "bg-accent-tint ring-2 ring-accent" : "hover:bg-page"
                          }`}
                        >
                          {team.teamLogo[0]?.url ? (
                            // eslint-disable-next-line @next/next/no-img-element -- remote logos, shown whole
                            <img
                              src={team.teamLogo[0].url}
                              alt=""
                              width={40}
                              height={40}
                              loading="lazy"
                              className={`h-9 w-9 object-contain ${isSelected ? "" : "opacity-40 grayscale group-hover:opacity-100 group-hover:grayscale-0"}`}
                            />
                          ) : (
                            <span
                              aria-hidden="true"
                              className="flex h-9 w-9 items-center justify-center rounded-full bg-page text-xs font-bold"
                            >
                              {team.abbreviation || team.teamName.slice(0, 3)}
                            </span>
                          )}
                          <span className="line-clamp-2 w-full break-words text-center text-[11px] leading-tight">{team.teamNameFull}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </>
      ) : null}
      <div id={errorId} aria-live="assertive">
        {error ? <ErrorLine message={error} /> : null}
      </div>
    </Dialog>
  );
}
