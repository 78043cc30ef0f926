import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { BadgesSeen } from "@/domain/schemas/achievements";

/**
 * Moves the player's "badges seen" marker forward to the newest badge their profile showed (never
 * back, never past now), so each badge is celebrated once per player, not per device
 * (docs/decisions/068-streaks-badges-recaps.md). Repeating it is harmless.
 */
export async function markBadgesSeen(options: { profileId: string; seenThrough: Date; now?: Date; db?: DbOrTx }): Promise<BadgesSeen> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const through = new Date(Math.min(options.seenThrough.getTime(), now.getTime()));
  const [row] = await selectRows(
    db,
    sql`
      update profiles
      set badges_seen_at = greatest(coalesce(badges_seen_at, ${through}), ${through})
      where id = ${options.profileId}::uuid
      returning badges_seen_at
    `,
    rowShape((r) => ({ seenAt: r.iso("badges_seen_at") })),
  );
  return { seenAt: row?.seenAt ?? through.toISOString() };
}
