import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, queryRows, type DbOrTx } from "@/server/db/client";

export interface PackMissingWinners {
  airtableId: string;
  packURL: string;
  title: string;
  propsCount: number;
  takeCount: number;
}

/** Graded packs whose winners have not been computed yet, most recently graded first. */
export async function listPacksMissingWinners(options: { db?: DbOrTx } = {}): Promise<PackMissingWinners[]> {
  const db = options.db ?? (await getReadDb());
  const rows = await queryRows<{ id: string; pack_url: string; title: string; props_count: number; take_count: number }>(
    db,
    sql`
      select p.id, p.pack_url, p.title,
             (select count(*) from props pr where pr.pack_id = p.id)::int as props_count,
             (select coalesce(sum(c.takes), 0) from prop_take_counts c where c.pack_id = p.id)::int as take_count
      from packs p
      where p.status = 'graded' and p.winners_set_at is null
      order by p.graded_at desc nulls last, p.title
      limit 200
    `,
  );
  return rows.map((row) => ({
    airtableId: row.id,
    packURL: row.pack_url,
    title: row.title,
    propsCount: Number(row.props_count),
    takeCount: Number(row.take_count),
  }));
}
