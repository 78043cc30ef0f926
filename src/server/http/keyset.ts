import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "./app-error";
import { idSchema } from "@/domain/ids";

/**
 * Keyset ("seek") paging for every list that can outgrow a page
 * (docs/decisions/024-season-scale.md): a page is the rows after the last one
 * shown, in the list's order, found through an index, so page 400 costs what
 * page 1 does and rows added meanwhile are neither skipped nor repeated (as
 * OFFSET would). The cursor is opaque to clients: the last row's sort key and
 * id, as the database printed them (full timestamp precision), base64url JSON.
 * A list's query reads it with ZCursor (src/domain/schemas/cursor.ts), which
 * checks only its shape; decodeCursor and its kin below check what it holds.
 */

export interface KeysetPage<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), "utf8").toString("base64url");
}

const ZDecoded = z.tuple([z.string().max(300), idSchema()]);

/** The [key, id] of a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): { key: string; id: string } | null {
  try {
    const parsed = ZDecoded.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return parsed.success ? { key: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/** A timestamp as PostgreSQL prints one (e.g. "2026-11-26 12:00:01.123456+00"), with a real calendar date. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

function isTimestamp(key: string): boolean {
  const match = TIMESTAMP.exec(key);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** A cursor whose key is a timestamp (or ±infinity, for sorts that put nulls last); else null. */
export function decodeTimeCursor(cursor: string): { key: string; id: string } | null {
  const decoded = decodeCursor(cursor);
  return decoded && (/^-?infinity$/.test(decoded.key) || isTimestamp(decoded.key)) ? decoded : null;
}

/** A cursor whose key is several text values (a list sorted by team, then name): encodeCursor(JSON.stringify(values), id). */
export function decodeTextsCursor(cursor: string, count: number): { keys: string[]; id: string } | null {
  const decoded = decodeCursor(cursor);
  if (!decoded) return null;
  try {
    const keys = z.array(z.string().max(120)).length(count).safeParse(JSON.parse(decoded.key));
    return keys.success ? { keys: keys.data, id: decoded.id } : null;
  } catch {
    return null;
  }
}

/**
 * The page of `rows` fetched with `limit + 1`: at most `limit` items, and a
 * cursor after the last one when a further row exists.
 */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => { key: string; id: string }): KeysetPage<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  const { key, id } = keyOf(last);
  return { items, nextCursor: encodeCursor(key, id) };
}

/**
 * The seek condition of the page after `cursor` in a list sorted by a time and then an id
 * (`keys`, e.g. sql`e.created_at, e.id`): the rows past the cursor's row, `<` newest first and
 * `>` oldest first. Null on the first page; a cursor that is not ours is a 400.
 */
export function timeSeek(cursor: string | undefined, keys: SQL, newestFirst: boolean): SQL | null {
  if (!cursor) return null;
  const after = decodeTimeCursor(cursor);
  if (!after) throw new AppError("BAD_REQUEST", "Invalid cursor");
  return newestFirst
    ? sql`(${keys}) < (${after.key}::timestamptz, ${after.id}::uuid)`
    : sql`(${keys}) > (${after.key}::timestamptz, ${after.id}::uuid)`;
}

/** What a keyset list takes: the cursor of the page before, if any, and a page size. */
export interface KeysetRequest {
  cursor?: string;
  limit?: number;
}

/**
 * keysetPage for rows read as `{ key, id, item }` (the row shape reads the cursor's key and id
 * beside the item it answers): the page of items alone.
 */
export function keysetItems<T>(rows: { key: string; id: string; item: T }[], limit: number): KeysetPage<T> {
  const page = keysetPage(rows, limit, (row) => row);
  return { items: page.items.map((row) => row.item), nextCursor: page.nextCursor };
}
