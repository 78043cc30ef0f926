import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import type { SessionIdentity } from "./session-identity";

/** The identity as the database has it now (handle and admin flag included); null when the profile is gone or deleted (decision 057). */
export async function findSessionIdentity(input: { profileId: string }): Promise<SessionIdentity | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: profiles.id,
      handle: profiles.handle,
      phone: profiles.phone,
      superAdmin: profiles.superAdmin,
      commissioner: profiles.commissioner,
      sessionVersion: profiles.sessionVersion,
    })
    .from(profiles)
    .where(eq(profiles.id, input.profileId))
    .limit(1);
  return row?.phone
    ? {
        id: row.id,
        profileID: row.handle,
        phone: row.phone,
        superAdmin: row.superAdmin,
        commissioner: row.commissioner,
        sessionVersion: row.sessionVersion,
      }
    : null;
}
