// Streaks, badges and the weekly recap (issue 42 item 3; docs/decisions/068-streaks-badges-recaps.md).
// The written rules and the badge catalogue live here as data, so the profile, /how-it-works and the
// server's SQL (src/server/achievements/) state one rule. These pure functions are the rule's
// reference: src/domain/achievements.test.ts tables each case, and the property test in
// tests/api/achievements.test.ts holds the server's SQL to them after random grades.
import { sideValue, type TakeResult } from "./points";
import { compareLeaderboardRows, competitionRanks } from "./ranking";

/** A take on the side fewer than this share of the prop's takes chose is contrarian (a quarter: 1 in 4). */
export const CONTRARIAN_SHARE_PERCENT = 25;
/** Fewer takes than this on a prop and no side is "the crowd's". */
export const CONTRARIAN_MIN_TAKES = 10;
/** Won takes in a row for the streak badge. */
export const STREAK_BADGE_LENGTH = 10;
/** A perfect pack needs at least this many wins (a one-prop pack, or a pack of pushes, is not a feat). */
export const PERFECT_PACK_MIN_WINS = 2;
/** A group week board needs this many players on it before its leader earns "Group winner". */
export const GROUP_WINNER_MIN_PLAYERS = 3;

export const BADGE_IDS = ["first_take", "perfect_pack", "contrarian_win", "beat_the_close", "ten_streak", "group_winner"] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export interface BadgeDefinition {
  id: BadgeId;
  name: string;
  /** How to earn it, as the profile shows it under a locked badge and /how-it-works lists it. */
  howToEarn: string;
  /** What the player reads once they hold it. */
  earnedWords: string;
}

/** The catalogue, in the order the profile shows it. */
export const BADGES: readonly BadgeDefinition[] = [
  {
    id: "first_take",
    name: "First take",
    howToEarn: "Make your first take on any pack.",
    earnedWords: "Made a first take.",
  },
  {
    id: "perfect_pack",
    name: "Perfect pack",
    howToEarn: `Pick every prop of a pack and lose none once it is graded, with at least ${PERFECT_PACK_MIN_WINS} wins. Pushes and voids neither spoil it nor count as wins.`,
    earnedWords: "Picked a whole pack without a loss.",
  },
  {
    id: "contrarian_win",
    name: "Contrarian win",
    howToEarn: `Win a take on the side fewer than ${CONTRARIAN_SHARE_PERCENT}% of a prop's takes chose (on a prop with at least ${CONTRARIAN_MIN_TAKES} takes).`,
    earnedWords: "Won against the crowd.",
  },
  {
    id: "beat_the_close",
    name: "Beat the close",
    howToEarn:
      "Lock a price worth more points than your side's closing price (the receipt's “Beat the close”), on a prop that is then graded won, lost or pushed.",
    earnedWords: "Got a better price than the close.",
  },
  {
    id: "ten_streak",
    name: `${STREAK_BADGE_LENGTH}-streak`,
    howToEarn: `Win ${STREAK_BADGE_LENGTH} takes in a row. Pushes and voids neither break nor extend a streak.`,
    earnedWords: `Won ${STREAK_BADGE_LENGTH} takes in a row.`,
  },
  {
    id: "group_winner",
    name: "Group winner",
    howToEarn: `Finish a week first on one of your groups' boards (a group of at least ${GROUP_WINNER_MIN_PLAYERS} players on that week's board).`,
    earnedWords: "Topped a group's week.",
  },
];

/** The streak rules as /how-it-works writes them. */
export const STREAK_RULES = [
  "A streak counts your won takes in a row. A loss ends it; a push or a void neither breaks nor extends it, and a pick still waiting for its result is not counted yet.",
  "Takes are in the order their props locked (the prop's close time, or its pack's when that is earlier), and props that locked at the same moment in a fixed order, so a re-grade or a late result puts a take back in its place and the streak is counted again from scratch.",
] as const;

/** The weekly recap's words, as /how-it-works writes them. */
export const RECAP_RULES = [
  "Best pick: your won take worth the most points that week (the longest odds you won).",
  "Worst beat: your lost take at the shortest odds that week (the biggest favourite that let you down).",
  "Movers: how many places you rose or fell on the week board since the week before.",
  "A week is Monday to Sunday in New York, and a take counts in the week it was made, as on the week board.",
] as const;

// ---------------------------------------------------------------- the reference computation

/** One current take as the rules read it. */
export interface TakeFact {
  takeId: string;
  propId: string;
  packId: string;
  side: "A" | "B";
  result: TakeResult;
  points: number;
  lockedValue: number;
  createdAt: Date;
  /** The prop's lock time (streak order); see STREAK_RULES. */
  lockAt: Date;
  gradedAt: Date | null;
  /** The prop's takes on each side (prop_take_counts). */
  sideTakes: number;
  propTakes: number;
  /** The side's closing moneyline (null: even); undefined while not known. */
  closingMoneyline: number | null;
}

/** Streak order: the prop's lock time, then the prop id (a player has one current take per prop). */
export function compareStreakOrder(a: Pick<TakeFact, "lockAt" | "propId">, b: Pick<TakeFact, "lockAt" | "propId">): number {
  return a.lockAt.getTime() - b.lockAt.getTime() || (a.propId < b.propId ? -1 : a.propId > b.propId ? 1 : 0);
}

export interface Streaks {
  current: number;
  best: number;
  /** The take that completed the first run of STREAK_BADGE_LENGTH wins, and when all of them were won. */
  badge: { takeId: string; earnedAt: Date } | null;
}

/** Current and best runs of won takes: losses end a run, pushes, voids and pending takes are skipped. */
export function streaksOf(takes: readonly TakeFact[]): Streaks {
  const decided = takes.filter((t) => t.result === "won" || t.result === "lost").sort(compareStreakOrder);
  let current = 0;
  let best = 0;
  let run: TakeFact[] = [];
  let badge: Streaks["badge"] = null;
  for (const take of decided) {
    if (take.result === "lost") {
      current = 0;
      run = [];
      continue;
    }
    current += 1;
    run.push(take);
    best = Math.max(best, current);
    if (!badge && run.length === STREAK_BADGE_LENGTH) {
      badge = { takeId: take.takeId, earnedAt: new Date(Math.max(...run.map((t) => t.gradedAt?.getTime() ?? 0))) };
    }
  }
  return { current, best, badge };
}

/** A won take on a side chosen by fewer than CONTRARIAN_SHARE_PERCENT of the prop's takes. */
export function isContrarianWin(take: Pick<TakeFact, "result" | "sideTakes" | "propTakes">): boolean {
  return (
    take.result === "won" && take.propTakes >= CONTRARIAN_MIN_TAKES && take.sideTakes * 100 < take.propTakes * CONTRARIAN_SHARE_PERCENT
  );
}

/** The receipt's "Beat the close" (src/domain/prices.ts takePrices), on a graded prop that was not voided. */
export function beatTheClose(take: Pick<TakeFact, "result" | "lockedValue" | "closingMoneyline">): boolean {
  return (take.result === "won" || take.result === "lost" || take.result === "push") && take.lockedValue > sideValue(take.closingMoneyline);
}

export interface EarnedBadge {
  id: BadgeId;
  earnedAt: Date;
  /** How many times it has been earned (perfect packs, contrarian wins…). */
  times: number;
  /** The take (and its prop) or the pack that earned it first. */
  takeId: string | null;
  packId: string | null;
}

const earliest = <T>(items: readonly T[], at: (item: T) => number, tie: (item: T) => string): T | undefined =>
  [...items].sort((a, b) => at(a) - at(b) || (tie(a) < tie(b) ? -1 : tie(a) > tie(b) ? 1 : 0))[0];

/**
 * Every badge a player holds now, recomputed from their current takes and the props' pick counts:
 * `packProps` is how many props each pack has. "Group winner" comes from the group week boards
 * (groupWeekWinners), not from takes.
 */
export function earnedBadges(takes: readonly TakeFact[], packProps: ReadonlyMap<string, number>): EarnedBadge[] {
  const out: EarnedBadge[] = [];
  const first = earliest(
    takes,
    (t) => t.createdAt.getTime(),
    (t) => t.takeId,
  );
  if (first) out.push({ id: "first_take", earnedAt: first.createdAt, times: 1, takeId: first.takeId, packId: first.packId });

  const byPack = new Map<string, TakeFact[]>();
  for (const take of takes) byPack.set(take.packId, [...(byPack.get(take.packId) ?? []), take]);
  const perfect = [...byPack.entries()]
    .filter(
      ([packId, list]) =>
        list.length === packProps.get(packId) &&
        list.every((t) => t.result !== "lost" && t.result !== "pending") &&
        list.filter((t) => t.result === "won").length >= PERFECT_PACK_MIN_WINS,
    )
    .map(([packId, list]) => ({ packId, at: Math.max(...list.map((t) => t.gradedAt?.getTime() ?? 0)) }));
  const firstPerfect = earliest(
    perfect,
    (p) => p.at,
    (p) => p.packId,
  );
  if (firstPerfect)
    out.push({ id: "perfect_pack", earnedAt: new Date(firstPerfect.at), times: perfect.length, takeId: null, packId: firstPerfect.packId });

  const takeBadge = (id: BadgeId, list: TakeFact[]) => {
    const firstTake = earliest(
      list,
      (t) => t.gradedAt?.getTime() ?? 0,
      (t) => t.propId,
    );
    if (firstTake)
      out.push({ id, earnedAt: firstTake.gradedAt ?? new Date(0), times: list.length, takeId: firstTake.takeId, packId: firstTake.packId });
  };
  takeBadge("contrarian_win", takes.filter(isContrarianWin));
  takeBadge("beat_the_close", takes.filter(beatTheClose));

  const { badge } = streaksOf(takes);
  if (badge) {
    const take = takes.find((t) => t.takeId === badge.takeId);
    out.push({ id: "ten_streak", earnedAt: badge.earnedAt, times: 1, takeId: badge.takeId, packId: take?.packId ?? null });
  }
  return out.sort((a, b) => BADGE_IDS.indexOf(a.id) - BADGE_IDS.indexOf(b.id));
}

/** Best pick: the won take worth the most points, then the earliest to lock. */
export function bestPick<T extends Pick<TakeFact, "result" | "points" | "lockAt" | "propId">>(takes: readonly T[]): T | null {
  return [...takes].filter((t) => t.result === "won").sort((a, b) => b.points - a.points || compareStreakOrder(a, b))[0] ?? null;
}

/** Worst beat: the lost take at the shortest odds (the fewest points it could have won), then the earliest to lock. */
export function worstBeat<T extends Pick<TakeFact, "result" | "lockedValue" | "lockAt" | "propId">>(takes: readonly T[]): T | null {
  return [...takes].filter((t) => t.result === "lost").sort((a, b) => a.lockedValue - b.lockedValue || compareStreakOrder(a, b))[0] ?? null;
}

/**
 * "Group winner" for one group's finished week board (the reference the server's SQL in
 * src/server/achievements/get-player-achievements.ts is held to by the property test): the players ranked first, when the board has at least
 * GROUP_WINNER_MIN_PLAYERS players and the leader scored. Ties at the top all win.
 */
export function groupWeekWinners<T extends { profileId: string; handle: string; points: number; won: number }>(
  rows: readonly T[],
): string[] {
  if (rows.length < GROUP_WINNER_MIN_PLAYERS) return [];
  const ranked = competitionRanks([...rows].sort(compareLeaderboardRows));
  return ranked.filter((r) => r.rank === 1 && r.points > 0).map((r) => r.profileId);
}

// ---------------------------------------------------------------- what the profile shows

export interface BadgeView extends BadgeDefinition {
  /** Null while locked. */
  earned: {
    at: string;
    times: number;
    /** The prop of the take that earned it first, or the pack (perfect pack). */
    propLabel: string | null;
    pack: { packURL: string; title: string } | null;
  } | null;
  /** Earned since the owner last looked (celebrated once); always false for other viewers. */
  isNew: boolean;
}

export interface PlayerAchievements {
  streak: { current: number; best: number };
  /** Earned badges first (oldest first), then the locked ones in catalogue order. */
  badges: BadgeView[];
}

export interface RecapTake {
  handle: string;
  propLabel: string;
  sideLabel: string;
  packURL: string;
  packTitle: string;
  points: number;
  lockedValue: number;
}

export interface WeeklyRecap {
  /** Monday (YYYY-MM-DD, New York) of the week. */
  week: string;
  bestPick: RecapTake | null;
  worstBeat: RecapTake | null;
  /** Up to RECAP_MOVERS players on this week's board, the biggest rise first; previousRank null when new to the board. */
  movers: Array<{ handle: string; rank: number; previousRank: number | null; move: number | null }>;
}

export interface ProfileAchievements extends PlayerAchievements {
  /** This week's recap, or last week's while this one has nothing yet. */
  recap: WeeklyRecap & { isThisWeek: boolean };
}
