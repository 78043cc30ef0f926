import "server-only";
import { eq } from "drizzle-orm";
import { serverEnv } from "@/env";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { memberPasswords } from "@/server/db/schema";
import { readMembersAccess } from "./members-access-token";
import type { MembersGate } from "@/domain/schemas/members";

/**
 * Whether a gate exists and whether the access cookie opens it: its signature
 * holds, it names this gate, it has not expired and it was granted for the
 * current password version (rotation revokes every older cookie). Never
 * reveals the password.
 */
export async function getMembersGate(options: {
  passwordId: string;
  accessCookie: string | null | undefined;
  now?: Date;
  db?: DbOrTx;
}): Promise<MembersGate> {
  const db = options.db ?? (await getReadDb());
  const [row] = await db
    .select({ version: memberPasswords.version })
    .from(memberPasswords)
    .where(eq(memberPasswords.passwordId, options.passwordId))
    .limit(1);
  if (!row) return { gated: false, hasAccess: true };
  const grant = readMembersAccess(serverEnv().nextAuthSecret, options.accessCookie, options.now ?? new Date());
  const hasAccess = grant !== null && grant.passwordId === options.passwordId && grant.version === row.version;
  return { gated: true, hasAccess };
}
