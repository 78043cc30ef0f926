import "server-only";
import { sql } from "drizzle-orm";
import { isId } from "@/domain/ids";
import { addDays, nyDayBounds } from "@/domain/time";
import { contestScopeKey, packScopeKey, weekStartOf } from "@/domain/leaderboard-scope";
import type { ExportQuery } from "@/domain/schemas/bulk-tools";
import { getReadDb, queryRows } from "@/server/db/client";
import { badRequest, notFound } from "@/server/http/app-error";

/** A week or a contest holds at most this many packs in one export. */
export const EXPORT_MAX_PACKS = 1000;

export interface ExportPack {
  id: string;
  title: string;
}

/** What one export covers: its packs (picks and ledger walk them one by one) and its board (standings). */
export interface ExportScope {
  /** For the file name: "pack-week-12-sunday", "week-2025-09-08", "contest-fall-classic". */
  label: string;
  packs: ExportPack[];
  /** The leaderboard scope key of its standings (docs/decisions/005-ledger-and-grading.md). */
  boardScope: string;
}

/**
 * The packs of an export: one pack; a contest's packs; or a week's, the packs that close in that
 * New York week, Monday to Sunday (docs/decisions/063-bulk-tools.md). Oldest close first.
 */
export async function resolveExportScope(query: ExportQuery): Promise<ExportScope> {
  const db = await getReadDb();
  if (query.pack) {
    const [pack] = await queryRows<ExportPack & { pack_url: string }>(
      db,
      sql`select id, title, pack_url from packs where id = ${query.pack}::uuid`,
    );
    if (!pack) throw notFound("Pack not found");
    return { label: `pack-${pack.pack_url}`, packs: [{ id: pack.id, title: pack.title }], boardScope: packScopeKey(pack.id) };
  }
  if (query.contest) {
    const [contest] = await queryRows<{ id: string; slug: string }>(
      db,
      isId(query.contest)
        ? sql`select id, slug from contests where id = ${query.contest}::uuid`
        : sql`select id, slug from contests where slug = ${query.contest}`,
    );
    if (!contest) throw notFound("Contest not found");
    const packs = await queryRows<ExportPack>(
      db,
      sql`select p.id, p.title from contest_packs cp join packs p on p.id = cp.pack_id
          where cp.contest_id = ${contest.id}::uuid
          order by p.close_time nulls last, p.id limit ${EXPORT_MAX_PACKS + 1}`,
    );
    return { label: `contest-${contest.slug}`, packs: bounded(packs), boardScope: contestScopeKey(contest.id) };
  }
  const monday = weekStartOf(query.week!);
  const start = nyDayBounds(monday).start;
  const end = nyDayBounds(addDays(monday, 7)).start;
  const packs = await queryRows<ExportPack>(
    db,
    sql`select id, title from packs where close_time >= ${start.toISOString()}::timestamptz and close_time < ${end.toISOString()}::timestamptz
        order by close_time, id limit ${EXPORT_MAX_PACKS + 1}`,
  );
  return { label: `week-${monday}`, packs: bounded(packs), boardScope: `week:${monday}` };
}

function bounded(packs: ExportPack[]): ExportPack[] {
  if (packs.length > EXPORT_MAX_PACKS) throw badRequest(`An export covers at most ${EXPORT_MAX_PACKS} packs; export a shorter range.`);
  return packs;
}
