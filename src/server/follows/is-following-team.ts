import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { follows, profiles } from "@/server/db/schema";

/** A profile follows a team when it has a follow row for it or has it as favourite team (docs/PRODUCT.md §8). */
export async function isFollowingTeam(db: DbOrTx, profileId: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        or(
          eq(profiles.favoriteTeamId, teamId),
          sql`exists (select 1 from ${follows} where ${follows.profileId} = ${profileId} and ${follows.teamId} = ${teamId})`,
        ),
      ),
    )
    .limit(1);
  return !!row;
}
