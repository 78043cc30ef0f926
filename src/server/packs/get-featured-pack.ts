import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import type { InferOutput } from "valibot";
import type { VFeaturedPackAnswer } from "@/domain/schemas/play";

/** The featured pack as GET /api/featuredPack answers it (src/domain/schemas/play.ts). */
export type FeaturedPack = InferOutput<typeof VFeaturedPackAnswer>["featuredPack"];

/**
 * The featured pack players can still play (accepting takes or about to
 * open), closing soonest first; NOT_FOUND "No active featured pack found".
 */
export async function getFeaturedPack(input: { now?: Date } = {}): Promise<FeaturedPack> {
  const now = (input.now ?? new Date()).toISOString();
  const db = await getReadDb();
  const [row] = await selectRows(
    db,
    sql`select pack_url, title, cover_url, prize_image_url, prize_summary, prize_title from packs
        where featured and status in ('coming-soon', 'open')
          and (close_time is null or close_time > ${now}::timestamptz)
        order by (open_time is null or open_time <= ${now}::timestamptz) desc, close_time asc nulls last, created_at desc
        limit 1`,
    rowShape((r) => ({
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      cover_url: r.textOrNull("cover_url"),
      prize_image_url: r.textOrNull("prize_image_url"),
      prize_summary: r.textOrNull("prize_summary"),
      prize_title: r.textOrNull("prize_title"),
    })),
  );
  if (!row) throw new AppError("NOT_FOUND", "No active featured pack found");
  return {
    packURL: row.pack_url,
    packTitle: row.title,
    packCover: row.cover_url ? [{ url: row.cover_url }] : [],
    packPrizeImage: row.prize_image_url ? [{ url: row.prize_image_url }] : [],
    prizeSummary: row.prize_summary ?? row.prize_title,
  };
}
