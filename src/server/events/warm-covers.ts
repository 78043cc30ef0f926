import "server-only";
import { like } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { log } from "@/server/ops/log";
import { getEventCover } from "./get-event-cover";

/**
 * Renders every generated cover that has no file yet (after the demo seed), one
 * at a time, so the first page that shows one can put it in its HTML
 * (inline-cover.ts) instead of a URL. Never throws.
 */
export async function warmCovers(): Promise<void> {
  try {
    const db = await getDb();
    const rows = await db.select({ id: events.id }).from(events).where(like(events.coverUrl, "/api/covers/%"));
    for (const row of rows) await getEventCover({ eventId: row.id });
  } catch (error) {
    log("warn", "cover warm-up failed", { error: error instanceof Error ? error.message : String(error) });
  }
}
