import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { rememberSessionVersion } from "./is-session-current";

/**
 * Ends every session of a profile, on every device: its session_version goes
 * up by one, so each token issued before reads as signed out (at once on this
 * instance, within SESSION_VERSION_CACHE_MS on the others). Does nothing for
 * a profile that does not exist.
 */
export async function revokeSessions(input: { profileId: string }): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(profiles)
    .set({ sessionVersion: sql`${profiles.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(profiles.id, input.profileId))
    .returning({ sessionVersion: profiles.sessionVersion });
  if (row) rememberSessionVersion(input.profileId, row.sessionVersion);
}
