import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { contests, packs, teams } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { contestScopeKey, overallScopeKey, packScopeKey, teamScopeKey, type LeaderboardPeriod } from "@/domain/leaderboard-scope";
import { isId } from "@/domain/ids";

export type LeaderboardScopeKind = "all" | "league" | "pack" | "contest" | "team";

const HIDDEN_PACK_STATUSES = ["draft", "archived"];

/**
 * Turns the public leaderboard parameters into a scope key of
 * leaderboard_totals. Packs by packURL (draft and archived ones are not
 * found), contests by id or slug, teams by id or `league:slug`. Periods apply
 * to the all-takes and league boards only.
 */
export async function resolveLeaderboardScope(options: {
  scope: LeaderboardScopeKind;
  key?: string | null;
  period: LeaderboardPeriod;
  now?: Date;
  db?: DbOrTx;
}): Promise<string> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const key = options.key?.trim() ?? "";
  switch (options.scope) {
    case "all":
      return overallScopeKey({ period: options.period, now });
    case "league":
      if (key !== "nfl" && key !== "mlb") throw new AppError("BAD_REQUEST", "Unsupported league");
      return overallScopeKey({ league: key, period: options.period, now });
    case "pack": {
      const [pack] = await db
        .select({ id: packs.id, status: packs.status })
        .from(packs)
        .where(isId(key) ? or(eq(packs.id, key), eq(packs.packUrl, key)) : eq(packs.packUrl, key))
        .limit(1);
      if (!pack || HIDDEN_PACK_STATUSES.includes(pack.status)) throw new AppError("NOT_FOUND", "Pack not found.");
      return packScopeKey(pack.id);
    }
    case "contest": {
      const [contest] = await db
        .select({ id: contests.id })
        .from(contests)
        .where(isId(key) ? or(eq(contests.id, key), eq(contests.slug, key)) : eq(contests.slug, key))
        .limit(1);
      if (!contest) throw new AppError("NOT_FOUND", "Contest not found.");
      return contestScopeKey(contest.id);
    }
    case "team": {
      const [league, slug] = key.includes(":") ? key.split(":", 2) : [null, null];
      const [team] = await db
        .select({ id: teams.id })
        .from(teams)
        .where(
          isId(key)
            ? eq(teams.id, key)
            : league && slug
              ? and(eq(teams.league, league), eq(sql`lower(${teams.slug})`, slug.toLowerCase()))
              : sql`false`,
        )
        .limit(1);
      if (!team) throw new AppError("NOT_FOUND", "Team not found.");
      return teamScopeKey(team.id);
    }
  }
}
