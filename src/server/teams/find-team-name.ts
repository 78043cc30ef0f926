import "server-only";
import { getReadDb } from "@/server/db/client";
import { findTeamBySlug } from "./team-route-slug";

/** The name of the team a route slug (or plain slug) names, or null when there is none. */
export async function findTeamName(input: { teamSlug: string }): Promise<string | null> {
  // The feed's own rule for a slug that cannot exist (list-packs.ts): it never reaches SQL.
  if (!/^[a-z0-9-]{1,60}$/.test(input.teamSlug)) return null;
  return (await findTeamBySlug(await getReadDb(), input.teamSlug))?.name ?? null;
}
