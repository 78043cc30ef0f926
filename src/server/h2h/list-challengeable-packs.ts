import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

export interface ChallengeablePack {
  packURL: string;
  title: string;
  league: string;
  closeTime: string | null;
}

export const CHALLENGEABLE_PACKS_SHOWN = 24;

/**
 * The packs a challenge can still be made on (open or coming soon, not closed:
 * src/server/h2h/pack-window.ts), closing soonest first, at most 24: the
 * choice `/h2h/new` offers when no pack is named.
 */
export async function listChallengeablePacks(options: { now?: Date; db?: DbOrTx } = {}): Promise<ChallengeablePack[]> {
  const db = options.db ?? (await getReadDb());
  const now = (options.now ?? new Date()).toISOString();
  const rows = await selectRows(
    db,
    sql`
      select p.pack_url, p.title, p.league, p.close_time
      from packs p
      where p.status in ('coming-soon', 'open') and (p.close_time is null or p.close_time > ${now}::timestamptz)
      order by p.close_time asc nulls last, p.created_at desc
      limit ${CHALLENGEABLE_PACKS_SHOWN}
    `,
    rowShape((r) => ({
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      league: r.text("league"),
      close_time: r.dateOrNull("close_time"),
    })),
  );
  return rows.map((row) => ({
    packURL: row.pack_url,
    title: row.title,
    league: row.league,
    closeTime: row.close_time === null ? null : new Date(row.close_time).toISOString(),
  }));
}
