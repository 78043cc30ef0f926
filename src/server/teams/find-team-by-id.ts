import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { teams } from "@/server/db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A (non-league) team by uuid, or null for unknown or malformed ids. */
export async function findTeamById(db: DbOrTx, teamId: string) {
  if (!UUID.test(teamId)) return null;
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.teamType, "team")))
    .limit(1);
  return team ?? null;
}
