import "server-only";
import { sql } from "drizzle-orm";
import { centsToTokens } from "@/domain/points";
import type { SessionUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { AppError, notFound } from "@/server/http/app-error";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";

/**
 * The spendable balance (the sum of the ledger, in tokens) of the profile
 * with this handle, for its owner only: a visitor gets 401, anyone else 403.
 */
export async function getOwnTokenBalance(input: { handle: string; viewer: SessionUser | null }): Promise<{ tokensBalance: number }> {
  if (!input.viewer) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  const db = await getDb();
  const [profile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = lower(${input.handle})`)
    .limit(1);
  if (!profile) throw notFound("Profile not found.");
  if (profile.id !== input.viewer.profileId) throw new AppError("FORBIDDEN", "You can only see your own balance.");
  return { tokensBalance: await tokensBalanceOf(profile.id) };
}

/**
 * The spendable balance in tokens of a profile by its uuid, read from the primary: the figure
 * above, and the one the session answer carries for its own player (src/server/auth/auth-options.ts).
 */
export async function tokensBalanceOf(profileId: string): Promise<number> {
  return centsToTokens(await getBalanceCents(await getDb(), profileId));
}
