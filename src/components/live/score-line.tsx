import { isInPlay, type LiveGameSeed } from "@/domain/live";

const STATE_WORDS: Partial<Record<LiveGameSeed["state"], string>> = {
  final: "Final",
  halftime: "Halftime",
  delayed: "Delayed",
  postponed: "Postponed",
  suspended: "Suspended",
  cancelled: "Cancelled",
};

/** "Q3 4:12", "Top 7th", "Halftime", "Final/OT": ESPN's words when it has them, else ours. */
function stateWords(game: LiveGameSeed): string {
  if (game.state === "in_progress") return game.detail ?? "Live";
  if (game.state === "delayed") return game.detail && /delay/i.test(game.detail) ? game.detail : "Delayed";
  if (game.state === "final") return game.detail && /^final/i.test(game.detail) ? game.detail : "Final";
  return STATE_WORDS[game.state] ?? game.detail ?? "";
}

/**
 * A game's score line (docs/decisions/053-game-day-live.md): "PHI 17 @ DAL 14 · Q3 4:12" with a
 * Live badge while it is played, "Final" after, and `staleFor` ("3 min ago") when the reading is
 * older than a minute; before the game, `before` (its start as the server wrote it). The server
 * renders it from the page's data; the live view (./live-score-view.tsx) renders the same from the
 * stream. Score changes are announced politely to screen readers and never move focus.
 */
export function ScoreLine({ game, before, staleFor }: { game: LiveGameSeed; before?: string; staleFor?: string | null }) {
  const hasScore = game.homeScore !== null && game.awayScore !== null && game.home && game.away && game.state !== "scheduled";
  if (!hasScore) {
    // Before the game its start; a game called off or delayed before it began says so.
    const matchup = game.away && game.home ? `${game.away} @ ${game.home} · ` : "";
    const words = game.state === "scheduled" ? before : `${matchup}${stateWords(game)}`;
    return words ? (
      <span className="text-muted" data-live-score={game.eventId} data-live-state={game.state}>
        {words}
      </span>
    ) : null;
  }
  const live = isInPlay(game.state);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5" data-live-score={game.eventId} data-live-state={game.state}>
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
      {staleFor ? <span className="text-xs text-muted">as of {staleFor}</span> : null}
    </span>
  );
}
