import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { PendingChallenge } from "@/domain/schemas/play";

export const PENDING_CHALLENGES_SHOWN = 5;

/**
 * The challenges waiting for this player's answer that can still be answered
 * (their pack has not closed: src/server/h2h/pack-window.ts), newest first, at
 * most five: what the feed's notice shows. Only the challenged player's own.
 */
export async function listPendingChallenges(options: { profileId: string; now?: Date; db?: DbOrTx }): Promise<PendingChallenge[]> {
  // The primary, not a replica: a challenge made a moment ago is shown on the very next visit.
  const db = options.db ?? (await getDb());
  const now = (options.now ?? new Date()).toISOString();
  const rows = await selectRows(
    db,
    sql`
      select c.id, o.handle as challenger_handle, p.pack_url, p.title as pack_title, c.created_at
      from h2h_challenges c
      join packs p on p.id = c.pack_id
      join profiles o on o.id = c.challenger_profile_id
      where c.challenged_profile_id = ${options.profileId}::uuid
        and c.status = 'pending'
        and p.status in ('coming-soon', 'open')
        and (p.close_time is null or p.close_time > ${now}::timestamptz)
      order by c.created_at desc
      limit ${PENDING_CHALLENGES_SHOWN}
    `,
    rowShape((r) => ({
      id: r.text("id"),
      challenger_handle: r.text("challenger_handle"),
      pack_url: r.text("pack_url"),
      pack_title: r.text("pack_title"),
      created_at: r.date("created_at"),
    })),
  );
  return rows.map((row) => ({
    id: row.id,
    challengerHandle: row.challenger_handle,
    packURL: row.pack_url,
    packTitle: row.pack_title,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
