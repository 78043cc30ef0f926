import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { isId } from "@/domain/ids";

/** A (non-league) team by uuid, or null for unknown or malformed ids. */
export async function findTeamById(db: DbOrTx, teamId: string) {
  if (!isId(teamId)) return null;
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.teamType, "team")))
    .limit(1);
  return team ?? null;
}
