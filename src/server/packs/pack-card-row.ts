import "server-only";
import { sql } from "drizzle-orm";
import type { RowReader } from "@/server/db/rows";

/**
 * What every pack card and the pack page read of a pack (`packs p`): the columns and their one
 * reader beside them (docs/decisions/055-typed-row-edge.md), so the card and the page cannot
 * drift apart on a column's name or nullability.
 */
export const PACK_CARD_COLUMNS = sql`p.id, p.pack_url, p.title, p.league, p.status, p.cover_url, p.summary, p.prize_title,
          p.open_time, p.close_time`;

export const packCardFields = (r: RowReader) => ({
  id: r.text("id"),
  pack_url: r.text("pack_url"),
  title: r.text("title"),
  league: r.text("league"),
  status: r.text("status"),
  cover_url: r.textOrNull("cover_url"),
  summary: r.textOrNull("summary"),
  prize_title: r.textOrNull("prize_title"),
  open_time: r.dateOrNull("open_time"),
  close_time: r.dateOrNull("close_time"),
});
