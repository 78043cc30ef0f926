import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { usernameProblem } from "@/domain/username";
import { getDb } from "@/server/db/client";
import { previousHandles, profiles } from "@/server/db/schema";
import { AppError, badRequest, conflict } from "@/server/http/app-error";
import { isUniqueViolation } from "./is-unique-violation";
import type { UsernameSaved } from "@/domain/schemas/session";

export const USERNAME_TAKEN = "Username already taken";

/**
 * Renames the profile after the rules of docs/PRODUCT.md §14. Names are unique
 * regardless of case: the unique index on lower(handle) decides races, and
 * the loser gets the same 409 as a plain clash.
 */
export async function updateUsername(input: { profileId: string; username: string }): Promise<UsernameSaved> {
  const db = await getDb();
  const [current] = await db.select({ handle: profiles.handle }).from(profiles).where(eq(profiles.id, input.profileId)).limit(1);
  if (!current) throw new AppError("NOT_FOUND", "Profile not found.");
  const problem = usernameProblem(input.username, current.handle);
  if (problem) throw badRequest(problem);
  const username = input.username.trim();

  const [clash] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(sql`lower(${profiles.handle}) = lower(${username})`, ne(profiles.id, input.profileId)))
    .limit(1);
  if (clash) throw conflict(USERNAME_TAKEN);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ handle: username, handleIsGenerated: false, updatedAt: new Date() })
        .where(eq(profiles.id, input.profileId));
      // The old handle keeps naming this player in links shared before (src/server/referrals/referrer.ts).
      if (current.handle.toLowerCase() !== username.toLowerCase()) {
        await tx
          .insert(previousHandles)
          .values({ handleKey: current.handle.toLowerCase(), profileId: input.profileId })
          .onConflictDoUpdate({ target: previousHandles.handleKey, set: { profileId: input.profileId, replacedAt: new Date() } });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, "profiles_handle_lower_key")) throw conflict(USERNAME_TAKEN);
    throw error;
  }
  return { profileID: username };
}
