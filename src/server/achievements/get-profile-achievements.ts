import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { weekStartOf } from "@/domain/leaderboard-scope";
import { addDays, nyDay } from "@/domain/time";
import type { ProfileAchievements } from "@/domain/achievements";
import { getPlayerAchievements } from "./get-player-achievements";
import { weeklyRecapFor } from "./weekly-recap-for";

/**
 * The profile's "Streaks and badges" and "Weekly recap" (docs/SCREENS.md §2.11): one player's
 * achievements and their recap on the site's week board (docs/decisions/068-streaks-badges-recaps.md).
 */
export async function getProfileAchievements(options: {
  profileId: string;
  viewerIsOwner: boolean;
  now?: Date;
  db?: DbOrTx;
}): Promise<ProfileAchievements> {
  const db = options.db ?? (await getReadDb());
  // Independent reads, at once (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30).
  const [achievements, recap] = await Promise.all([
    getPlayerAchievements({ profileId: options.profileId, viewerIsOwner: options.viewerIsOwner, now: options.now, db }),
    getProfileRecap({ profileId: options.profileId, now: options.now, db }),
  ]);
  return { ...achievements, recap };
}

/**
 * One player's recap on the site's week board: this week's, or last week's while this one has
 * nothing yet, both read at once. Bounded by the player's takes of two weeks, so the profile shows
 * it too (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30: the recap back on the profile).
 */
export async function getProfileRecap(options: { profileId: string; now?: Date; db?: DbOrTx }): Promise<ProfileAchievements["recap"]> {
  const db = options.db ?? (await getReadDb());
  const thisWeek = weekStartOf(nyDay(options.now ?? new Date()));
  const players = sql`select ${options.profileId}::uuid`;
  const [current, previous] = await Promise.all([
    weeklyRecapFor(db, { week: thisWeek, players, rankOn: "board" }),
    weeklyRecapFor(db, { week: addDays(thisWeek, -7), players, rankOn: "board" }),
  ]);
  const isEmpty = !current.bestPick && !current.worstBeat && current.movers.length === 0;
  return isEmpty ? { ...previous, isThisWeek: false } : { ...current, isThisWeek: true };
}
