import "server-only";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { hashSecret } from "@/server/auth/secret-hash";
import { writeContext, type Clocked } from "@/server/db/write-context";
import { memberPasswords } from "@/server/db/schema";

export interface MembersPasswordChange {
  passwordId: string;
  version: number;
  rotated: boolean;
}

/**
 * Sets a gate's password, or rotates it: the stored hash is replaced and the
 * version bumped in one transaction, so every access cookie granted before
 * stops working at once. The audit log records who and which version, never
 * the password or its hash.
 */
export async function setMembersPassword(
  options: {
    passwordId: string;
    password: string;
    actorProfileId: string;
  } & Clocked,
): Promise<MembersPasswordChange> {
  const { db, now } = await writeContext(options);
  // Hash outside the transaction: scrypt takes ~50 ms and must not hold row locks.
  const passwordHash = await hashSecret(options.password.trim());
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ version: memberPasswords.version })
      .from(memberPasswords)
      .where(eq(memberPasswords.passwordId, options.passwordId))
      .for("update");
    const version = existing ? existing.version + 1 : 1;
    await tx
      .insert(memberPasswords)
      .values({ passwordId: options.passwordId, passwordHash, version, updatedBy: options.actorProfileId, updatedAt: now })
      .onConflictDoUpdate({
        target: memberPasswords.passwordId,
        set: { passwordHash, version, updatedBy: options.actorProfileId, updatedAt: now },
      });
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: existing ? "members_password.rotate" : "members_password.set",
      entityType: "member_password",
      entityId: options.passwordId,
      before: existing ? { version: existing.version } : null,
      after: { version },
    });
    return { passwordId: options.passwordId, version, rotated: Boolean(existing) };
  });
}
