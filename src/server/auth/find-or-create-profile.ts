import "server-only";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { ACCOUNT_SUSPENDED } from "@/domain/sign-in";
import { serverEnv } from "@/env";
import { updateAudited } from "@/server/admin/update-audited";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import type { SessionIdentity } from "./session-identity";

const HANDLE_ATTEMPTS = 20;

/** `taker` + 6 random digits: the shape reserved for generated handles (src/domain/username.ts). */
export function generateHandle(): string {
  return `taker${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

async function findByPhone(db: DbOrTx, phone: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.phone, phone)).limit(1);
  return row ?? null;
}

/**
 * The profile of a verified phone. The first sign-in creates it with a
 * generated handle (retried on collision; a parallel first sign-in of the
 * same phone yields the same profile). A phone listed in ADMIN_PHONES is made
 * super admin here, and that grant is written to the audit log. A suspended
 * profile is refused with a FORBIDDEN AppError.
 */
export async function findOrCreateProfile(input: { phone: string }): Promise<SessionIdentity> {
  const db = await getDb();
  let profile = await findByPhone(db, input.phone);
  let isNewProfile = false;
  for (let attempt = 0; !profile && attempt < HANDLE_ATTEMPTS; attempt++) {
    const [created] = await db
      .insert(profiles)
      .values({ phone: input.phone, handle: generateHandle(), handleIsGenerated: true })
      .onConflictDoNothing()
      .returning();
    if (created) {
      profile = created;
      isNewProfile = true;
    } else {
      // Either another request created this phone's profile, or the handle was taken: look, then retry.
      profile = await findByPhone(db, input.phone);
    }
  }
  if (!profile) throw new Error("Could not create a profile with a free generated handle");
  // An admin suspended this player: no new session (docs/decisions/034-players-screen.md).
  if (profile.suspendedAt) throw new AppError("FORBIDDEN", ACCOUNT_SUSPENDED);

  const adminPhones = serverEnv().adminPhones.map((entry) => toE164(entry));
  if (!profile.superAdmin && adminPhones.includes(input.phone)) {
    const granted = profile;
    await db.transaction((tx) =>
      updateAudited(
        tx,
        { type: "profile", id: granted.id },
        { superAdmin: true, updatedAt: new Date() },
        {
          actorProfileId: granted.id,
          action: "grant_super_admin_from_admin_phones",
          before: { superAdmin: false },
          after: { superAdmin: true },
        },
      ),
    );
    profile = { ...profile, superAdmin: true };
  }
  return {
    id: profile.id,
    profileID: profile.handle,
    phone: input.phone,
    superAdmin: profile.superAdmin,
    commissioner: profile.commissioner,
    sessionVersion: profile.sessionVersion,
    ...(isNewProfile ? { isNewProfile: true } : {}),
  };
}
