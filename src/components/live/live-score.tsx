"use client";

import { isInPlay, STALE_READING_MS } from "@/domain/live";
import { ageWords, useLiveGames, useNow, type LiveGameSeed, type LiveView } from "./use-live-games";

const STATE_WORDS: Partial<Record<LiveView["state"], string>> = {
  final: "Final",
  halftime: "Halftime",
  delayed: "Delayed",
  postponed: "Postponed",
  suspended: "Suspended",
  cancelled: "Cancelled",
};

/** "Q3 4:12", "Top 7th", "Halftime", "Final/OT": ESPN's words when it has them, else ours. */
function stateWords(game: LiveView): string {
  if (game.state === "in_progress") return game.detail ?? "Live";
  if (game.state === "delayed") return game.detail && /delay/i.test(game.detail) ? game.detail : `Delayed${game.detail ? ` · ${game.detail}` : ""}`;
  if (game.state === "final") return game.detail && /^final/i.test(game.detail) ? game.detail : "Final";
  return STATE_WORDS[game.state] ?? game.detail ?? "";
}

/**
 * A game's score line, kept current by the tab's live stream (docs/decisions/053-game-day-live.md):
 * "PHI 17 @ DAL 14 · Q3 4:12" with a Live badge while it is played, "Final" after, and "as of 3 min
 * ago" when the last reading is older than a minute. Before the game, `before` (its start time as
 * the server wrote it). Score changes are announced politely to screen readers, never moving focus.
 */
export function LiveScore({ seed, before, className }: { seed: LiveGameSeed; before?: string; className?: string }) {
  const game = useLiveGames([seed])[0]!;
  const live = isInPlay(game.state);
  const now = useNow(live);
  const hasScore = game.homeScore !== null && game.awayScore !== null && game.home && game.away && game.state !== "scheduled";
  const stale = live && game.freshAt !== null && now - game.freshAt > STALE_READING_MS;
  if (!hasScore) {
    // Before the game its start; a delay before the first pitch says so; a game called off says what happened.
    const matchup = game.away && game.home ? `${game.away} @ ${game.home} · ` : "";
    const words = game.state === "scheduled" ? before : `${matchup}${stateWords(game)}`;
    return words ? (
      <span className={`text-muted ${className ?? ""}`} data-live-score={game.eventId} data-live-state={game.state}>
        {words}
      </span>
    ) : null;
  }
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-1.5 ${className ?? ""}`} data-live-score={game.eventId} data-live-state={game.state}>
      {live ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-lost px-1.5 text-[0.65rem] font-black uppercase leading-4 tracking-wide text-white">
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
          Live
        </span>
      ) : null}{" "}
      <span aria-live="polite" aria-atomic="true" className="tabular font-semibold">
        {game.away} {game.awayScore} @ {game.home} {game.homeScore}
        <span className="font-normal text-muted"> · {stateWords(game)}</span>
      </span>
      {stale ? <span className="text-xs text-muted">as of {ageWords(now - game.freshAt!)}</span> : null}
    </span>
  );
}
