/** What a score line needs of a game: its teams' abbreviations, the scores and ESPN's status. */
export interface GameScoreInput {
  status: string;
  statusDetail: string | null;
  homeScore: number | null;
  awayScore: number | null;
  home: string | null;
  away: string | null;
}

/**
 * A started game's score, away team first ("GB 10 @ SF 14"), and its state
 * ("Final", else ESPN's detail such as "Bot 7th", else "Live"); null before the
 * game or while it has no score. Prop cards (docs/SCREENS.md §2.4) and pack cards
 * (§2.2) show the same figures.
 */
export function gameScore(game: GameScoreInput): { score: string; state: string } | null {
  if (game.status === "scheduled" || game.homeScore === null || game.awayScore === null || !game.home || !game.away) return null;
  return {
    score: `${game.away} ${game.awayScore} @ ${game.home} ${game.homeScore}`,
    state: game.status === "final" ? "Final" : (game.statusDetail ?? "Live"),
  };
}
