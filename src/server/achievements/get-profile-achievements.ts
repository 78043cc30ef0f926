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
  const thisWeek = weekStartOf(nyDay(options.now ?? new Date()));
  const players = sql`select ${options.profileId}::uuid`;
  // Independent reads, at once: the achievements, this week's recap and last week's, which is shown
  // when this week has nothing yet (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30).
  const [achievements, current, previous] = await Promise.all([
    getPlayerAchievements({ profileId: options.profileId, viewerIsOwner: options.viewerIsOwner, db }),
    weeklyRecapFor(db, { week: thisWeek, players, rankOn: "board" }),
    weeklyRecapFor(db, { week: addDays(thisWeek, -7), players, rankOn: "board" }),
  ]);
  const isEmpty = !current.bestPick && !current.worstBeat && current.movers.length === 0;
  const recap = isEmpty ? { ...previous, isThisWeek: false } : { ...current, isThisWeek: true };
  return { ...achievements, recap };
}
