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
  const achievements = await getPlayerAchievements({ profileId: options.profileId, viewerIsOwner: options.viewerIsOwner, db });
  const thisWeek = weekStartOf(nyDay(options.now ?? new Date()));
  const players = sql`select ${options.profileId}::uuid`;
  const current = await weeklyRecapFor(db, { week: thisWeek, players, rankOn: "board" });
  const isEmpty = !current.bestPick && !current.worstBeat && current.movers.length === 0;
  const recap = isEmpty
    ? { ...(await weeklyRecapFor(db, { week: addDays(thisWeek, -7), players, rankOn: "board" })), isThisWeek: false }
    : { ...current, isThisWeek: true };
  return { ...achievements, recap };
}
