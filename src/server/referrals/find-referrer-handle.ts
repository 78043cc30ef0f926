import "server-only";
import { getDb } from "@/server/db/client";
import { findReferrer } from "./referrer";

/** The referrer's current handle when `?ref=` names a player, now or before a rename (case-insensitive); else null. */
export async function findReferrerHandle(input: { handle: string }): Promise<string | null> {
  return (await findReferrer(await getDb(), input.handle))?.handle ?? null;
}
