import "server-only";
import { eq, or, sql } from "drizzle-orm";
import type { PackOption } from "@/domain/schemas/contests";
import { getDb, queryRows } from "@/server/db/client";
import { series } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

export interface AdminSeries {
  series: { id: string; slug: string; title: string; summary: string | null; coverUrl: string | null };
  /** In series order. */
  packs: PackOption[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One series with all its packs in order, for the edit form. */
export async function getAdminSeries(options: { seriesID: string }): Promise<AdminSeries> {
  const db = await getDb();
  const key = options.seriesID.toLowerCase();
  const [found] = await db
    .select({ id: series.id, slug: series.slug, title: series.title, summary: series.summary, coverUrl: series.coverUrl })
    .from(series)
    .where(UUID.test(key) ? or(eq(series.id, key), eq(series.slug, key)) : eq(series.slug, key))
    .limit(1);
  if (!found) throw new AppError("NOT_FOUND", "Series not found.");
  const packs = await queryRows<PackOption>(
    db,
    sql`
      select p.id, p.pack_url as "packURL", p.title, p.league, p.status,
             (select count(*) from props pr where pr.pack_id = p.id)::int as "propsCount"
      from series_packs sp join packs p on p.id = sp.pack_id
      where sp.series_id = ${found.id}::uuid
      order by sp.position, p.title
    `,
  );
  return { series: found, packs: packs.map((pack) => ({ ...pack, propsCount: Number(pack.propsCount) })) };
}
