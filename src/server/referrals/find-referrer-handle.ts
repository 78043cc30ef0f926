import "server-only";
import { sql } from "drizzle-orm";
import { isHandle } from "@/domain/share";
import { getDb, queryRows } from "@/server/db/client";

/** The referrer's handle as stored when `?ref=` names an existing player (case-insensitive); else null. */
export async function findReferrerHandle(input: { handle: string }): Promise<string | null> {
  if (!isHandle(input.handle)) return null;
  const db = await getDb();
  const [row] = await queryRows<{ handle: string }>(
    db,
    sql`select handle from profiles where lower(handle) = lower(${input.handle}) limit 1`,
  );
  return row?.handle ?? null;
}
