import "server-only";
import { lt } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { loginCodes } from "@/server/db/schema";

/** How long an expired sign-in code row is kept (resend cooldowns read it), then deleted. */
export const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60_000;

/** Deletes sign-in code rows that expired over a day ago; live codes and resend cooldowns are untouched. */
export async function purgeStaleLoginCodes(input: { now?: Date } = {}): Promise<void> {
  const now = input.now ?? new Date();
  const db = await getDb();
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS)));
}
