import "server-only";
import { sql } from "drizzle-orm";
import { isId } from "@/domain/ids";
import { centsToTokens } from "@/domain/points";
import type { SessionUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { gatheredRead } from "@/server/db/gathered-read";
import { profiles } from "@/server/db/schema";
import { getBalancesCents } from "@/server/ledger/append-ledger-entry";
import { AppError, notFound } from "@/server/http/app-error";

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

const gatheredBalanceCents = gatheredRead(async (profileIds) => getBalancesCents(await getDb(), profileIds), 0);

/**
 * The spendable balance in tokens of a profile by its uuid, read from the primary: the figure
 * above, and the one the session answer carries for its own player (src/server/auth/auth-options.ts).
 * The reads asked in one turn of the event loop share one query (gathered-read.ts).
 */
export async function tokensBalanceOf(profileId: string): Promise<number> {
  if (!isId(profileId)) return 0;
  return centsToTokens(await gatheredBalanceCents(profileId));
}
