import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { AdminSeriesRow } from "@/domain/schemas/series";

/** Every series with its pack and follower counts, for `/admin/series`. */
export async function listAdminSeries(): Promise<AdminSeriesRow[]> {
  return selectRows(
    await getDb(),
    sql`
      select s.id, s.slug, s.title,
             (select count(*) from series_packs sp where sp.series_id = s.id)::int as "packCount",
             (select count(*) from follows f where f.series_id = s.id)::int as "followerCount"
      from series s
      order by s.title
    `,
    adminSeriesRow,
  );
}

const adminSeriesRow = rowShape((r): AdminSeriesRow => ({
  id: r.text("id"),
  slug: r.text("slug"),
  title: r.text("title"),
  packCount: r.int("packCount"),
  followerCount: r.int("followerCount"),
}));
