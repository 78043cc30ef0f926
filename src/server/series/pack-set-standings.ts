import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/server/db/client";

export const STANDINGS_PAGE_SIZE = 50;

/** One leaderboard row as the table shows it (screens.md §2.8); never a phone number. */
export interface StandingsRow {
  rank: number;
  handle: string;
  points: number;
  won: number;
  lost: number;
  pushed: number;
  takes: number;
  isMe: boolean;
}

export interface StandingsPage {
  page: number;
  pageSize: number;
  rows: StandingsRow[];
  hasNext: boolean;
  /** The viewer's own row wherever it ranks; null when they have no takes here. */
  me: StandingsRow | null;
}

// Series have no maintained leaderboard scope (src/domain/leaderboard-scope.ts),
// so a series board is computed from its packs' takes with the same rules.

/**
 * Per-profile totals over the current takes of a set of packs, with domain.md
 * §6's columns and standard competition rank (1, 2, 2, 4): one row per
 * current take (void takes score nothing and count in no record), points
 * desc, then won desc. `packs` must yield `group_key, pack_id`; ranks are per
 * group, so one statement can rank several contests at once.
 */
export function standingsSql(packs: SQL): SQL {
  return sql`
    select totals.*,
           rank() over (partition by totals.group_key order by totals.points desc, totals.won desc)::int as rank
    from (
      select scoped.group_key,
             t.profile_id,
             pr.handle,
             sum(t.points)::int as points,
             (count(*) filter (where t.result = 'won'))::int as won,
             (count(*) filter (where t.result = 'lost'))::int as lost,
             (count(*) filter (where t.result = 'push'))::int as pushed,
             (count(*) filter (where t.result <> 'void'))::int as takes
      from (${packs}) scoped
      join takes t on t.pack_id = scoped.pack_id and t.is_current
      join profiles pr on pr.id = t.profile_id
      group by scoped.group_key, t.profile_id, pr.handle
      having (count(*) filter (where t.result <> 'void')) > 0
    ) totals
  `;
}

interface RawStanding {
  profile_id: string;
  handle: string;
  points: number;
  won: number;
  lost: number;
  pushed: number;
  takes: number;
  rank: number;
}

const toRow = (row: RawStanding, viewer: string | null): StandingsRow => ({
  rank: Number(row.rank),
  handle: row.handle,
  points: Number(row.points),
  won: Number(row.won),
  lost: Number(row.lost),
  pushed: Number(row.pushed),
  takes: Number(row.takes),
  isMe: viewer !== null && row.profile_id === viewer,
});

/**
 * One page (50 rows) of the standings over `packs` (one group), in leaderboard
 * order with the handle breaking display ties, plus the viewer's own row.
 * Cost is bounded by the takes of those packs (index on takes.pack_id).
 */
export async function readStandingsPage(options: {
  db: DbOrTx;
  packs: SQL;
  page?: number;
  viewerProfileId?: string | null;
}): Promise<StandingsPage> {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const viewer = options.viewerProfileId ?? null;
  const rows = await queryRows<RawStanding & { mine: boolean }>(
    options.db,
    sql`
      with standings as (${standingsSql(options.packs)}),
      ordered as (
        select s.*, row_number() over (order by s.points desc, s.won desc, lower(s.handle), s.profile_id) as position
        from standings s
      )
      select o.*, false as mine from ordered o
      where o.position > ${(page - 1) * STANDINGS_PAGE_SIZE} and o.position <= ${page * STANDINGS_PAGE_SIZE + 1}
      union all
      select o.*, true as mine from ordered o where ${viewer}::uuid is not null and o.profile_id = ${viewer}::uuid
      order by position
    `,
  );
  const pageRows = rows.filter((row) => !row.mine);
  const mine = rows.find((row) => row.mine);
  return {
    page,
    pageSize: STANDINGS_PAGE_SIZE,
    rows: pageRows.slice(0, STANDINGS_PAGE_SIZE).map((row) => toRow(row, viewer)),
    hasNext: pageRows.length > STANDINGS_PAGE_SIZE,
    me: mine ? toRow(mine, viewer) : null,
  };
}
