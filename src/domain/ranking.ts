export interface RankableRow {
  handle: string;
  points: number;
  won: number;
}

/** Leaderboard order: points desc, then won desc, then handle (case-insensitive). */
export function compareLeaderboardRows(a: RankableRow, b: RankableRow): number {
  return b.points - a.points || b.won - a.won || a.handle.toLowerCase().localeCompare(b.handle.toLowerCase());
}

/**
 * Standard competition ranks (1, 2, 2, 4) for rows already in leaderboard
 * order; rows tie when points and wins are equal.
 *
 */
export function competitionRanks<T extends RankableRow>(rows: T[]): Array<T & { rank: number }> {
  let previous: T | undefined;
  let rank = 0;
  return rows.map((row, index) => {
    if (!previous || previous.points !== row.points || previous.won !== row.won) rank = index + 1;
    previous = row;
    return { ...row, rank };
  });
}

/** ".667" for tables (wins over decided takes); "—" with nothing decided. */
export function formatWinShare(won: number, lost: number): string {
  const decided = won + lost;
  if (decided === 0) return "—";
  const share = won / decided;
  return share === 1 ? "1.000" : share.toFixed(3).replace(/^0/, "");
}
