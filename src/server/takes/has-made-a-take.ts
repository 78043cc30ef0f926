import "server-only";
import { and, eq, exists } from "drizzle-orm";
import { getDb, getReadDb } from "@/server/db/client";
import { profiles, takes } from "@/server/db/schema";

/**
 * Whether the player has ever made a take: the dashboard's pitch (docs/SCREENS.md §2.1) is for
 * those who have not. One indexed lookup (takes_profile_created_idx); a take just submitted is
 * seen at once, since the read follows the player's own writes (src/server/db/own-writes.ts).
 */
export async function hasMadeATake(input: { profileId: string }): Promise<boolean> {
  const db = await getReadDb();
  const rows = await db.select({ id: takes.id }).from(takes).where(eq(takes.profileId, input.profileId)).limit(1);
  return rows.length > 0;
}

/** The same for the player a number (E.164) just signed in as; false for a number new to us. */
export async function hasPhoneMadeATake(phone: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.phone, phone), exists(db.select({ id: takes.id }).from(takes).where(eq(takes.profileId, profiles.id)))))
    .limit(1);
  return rows.length > 0;
}
