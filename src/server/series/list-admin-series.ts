import "server-only";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import type { AdminSeriesRow } from "@/domain/schemas/series";

/** Every series with its pack and follower counts, for `/admin/series`. */
export async function listAdminSeries(): Promise<AdminSeriesRow[]> {
  const rows = await queryRows<AdminSeriesRow>(
    await getDb(),
    sql`
      select s.id, s.slug, s.title,
             (select count(*) from series_packs sp where sp.series_id = s.id)::int as "packCount",
             (select count(*) from follows f where f.series_id = s.id)::int as "followerCount"
      from series s
      order by s.title
    `,
  );
  return rows.map((row) => ({ ...row, packCount: Number(row.packCount), followerCount: Number(row.followerCount) }));
}
