import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { memberPasswords, profiles } from "@/server/db/schema";
import type { MembersPasswordStatus } from "@/domain/schemas/members";

/** For the admin card: whether the gate has a password and when it last changed; never the password. */
export async function getMembersPasswordStatus(options: { passwordId: string }): Promise<MembersPasswordStatus> {
  const db = await getDb();
  const [row] = await db
    .select({ version: memberPasswords.version, updatedAt: memberPasswords.updatedAt, updatedBy: profiles.handle })
    .from(memberPasswords)
    .leftJoin(profiles, eq(profiles.id, memberPasswords.updatedBy))
    .where(eq(memberPasswords.passwordId, options.passwordId))
    .limit(1);
  return {
    passwordID: options.passwordId,
    isSet: Boolean(row),
    version: row?.version ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}
