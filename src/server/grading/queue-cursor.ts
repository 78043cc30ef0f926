import { sql, type SQL } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { decodeTextsCursor, decodeTimeCursor, encodeCursor } from "@/server/http/keyset";

// A grading queue's GET reads its cursor with ZQueueQuery (src/domain/schemas/grading.ts); this decodes it.

/** What each key of a several-key cursor must be: a timestamp as PostgreSQL prints one (or ±infinity), or an integer. */
export type KeyKind = "time" | "int";

/**
 * The keys and id of a cursor whose key is several values
 * (encodeCursor(JSON.stringify(keys), id)), each checked against its kind
 * before it reaches SQL as a cast, so a forged cursor is a 400, never a 500
 * (docs/decisions/024-season-scale.md). A time key passes exactly when
 * decodeTimeCursor would accept it as a one-key cursor.
 */
export function decodeKeysCursor(cursor: string, kinds: KeyKind[]): { keys: string[]; id: string } {
  const decoded = decodeTextsCursor(cursor, kinds.length);
  const valid =
    decoded !== null &&
    kinds.every((kind, index) => {
      const key = decoded.keys[index]!;
      return kind === "int" ? /^-?\d{1,9}$/.test(key) : decodeTimeCursor(encodeCursor(key, decoded.id)) !== null;
    });
  if (!valid) throw new AppError("BAD_REQUEST", "Invalid cursor");
  return decoded;
}

/** What every grading queue's list takes: the clock, a database (a test's transaction), and the page. */
export interface GradingQueueOptions {
  now?: Date;
  db?: DbOrTx;
  cursor?: string;
  limit?: number;
}

/** A queue's options resolved: the given database or the read replica, now, and the queue's own page size. */
export async function queueContext(options: GradingQueueOptions, pageSize: number) {
  return { db: options.db ?? (await getReadDb()), now: options.now ?? new Date(), limit: options.limit ?? pageSize };
}

// Nulls sort as 'infinity' (as `nulls last` did) in the order and in the seek alike, so the
// cursor names an exact place.
const EVENT_KEY = sql`coalesce(e.start_time, 'infinity'::timestamptz)`;
const CLOSE_KEY = sql`coalesce(p.close_time, 'infinity'::timestamptz)`;

/**
 * The prop queues' order, shared by the grading queue and the gradeProps queue (props `pr` of
 * packs `p` with their games `e`): soonest game, then the pack's close, the place in the pack and
 * the id; the keys to select beside each row, the seek after `cursor`, and the cursor of a row.
 */
export const propQueueOrder = {
  keys: sql`${EVENT_KEY}::text as event_key, ${CLOSE_KEY}::text as close_key`,
  seek(cursor: string | undefined): SQL {
    const after = cursor ? decodeKeysCursor(cursor, ["time", "time", "int"]) : null;
    return after
      ? sql`and (${EVENT_KEY}, ${CLOSE_KEY}, pr.position, pr.id) > (${after.keys[0]}::timestamptz, ${after.keys[1]}::timestamptz, ${after.keys[2]}::int, ${after.id}::uuid)`
      : sql``;
  },
  orderBy: sql`order by ${EVENT_KEY} asc, ${CLOSE_KEY} asc, pr.position asc, pr.id asc`,
  cursorOf: (row: { id: string; event_key: string; close_key: string; position: number }) => ({
    key: JSON.stringify([row.event_key, row.close_key, String(row.position)]),
    id: row.id,
  }),
};
