import "server-only";
import { sql } from "drizzle-orm";
import type { InferOutput } from "valibot";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { boardLine, boardTotalsFields } from "./board-row";
import type { VLeaderboardPage, VLeaderboardRow } from "@/domain/schemas/play";

export const LEADERBOARD_PAGE_SIZE = 50;

type LeaderboardRow = InferOutput<typeof VLeaderboardRow>;

/** A page of a board as GET /api/leaderboard answers it (src/domain/schemas/play.ts); `me` is the viewer's own row also when it is on this page. */
export type LeaderboardPage = InferOutput<typeof VLeaderboardPage>;

const totalsRow = rowShape((r) => ({
  part: r.oneOf("part", ["page", "me"]),
  n: r.int("n"),
  ...boardTotalsFields(r),
  /** Profiles with a strictly better (points, won): set on the page's first row and on the viewer's row. */
  ahead: r.intOrNull("ahead"),
}));
type TotalsRow = ReturnType<typeof totalsRow>;

const toRow = (row: TotalsRow, rank: number, viewerProfileId: string | null): LeaderboardRow => ({
  rank,
  ...boardLine(row, viewerProfileId),
});

/**
 * One page (50 rows) of a leaderboard scope in docs/PRODUCT.md §6 order with
 * standard competition ranks (1, 2, 2, 4), plus the viewer's own row, in one
 * query. The page walks leaderboard_totals' rank index (the ORDER BY spells
 * its NULLS LAST so the planner can); a rank is 1 + the profiles with a
 * strictly better score, summed from leaderboard_score_counts. The cost
 * depends on the page, never on how many takes exist.
 */
export async function getLeaderboardPage(options: {
  scope: string;
  page?: number;
  viewerProfileId?: string | null;
  db?: DbOrTx;
}): Promise<LeaderboardPage> {
  const db = options.db ?? (await getReadDb());
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const viewer = options.viewerProfileId ?? null;
  const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
  const scope = options.scope;
  const ahead = (alias: string) => sql`(
    select coalesce(sum(c.profiles), 0)::int from leaderboard_score_counts c
    where c.scope = ${scope} and (c.points, c.won) > (${sql.raw(alias)}.points, ${sql.raw(alias)}.won)
  )`;
  const fetched = await selectRows(
    db,
    sql`
      with page as (
        select t.*, row_number() over (order by t.points desc, t.won desc, lower(t.handle))::int as n
        from (
          select profile_id, handle, points, won, lost, pushed, takes
          from leaderboard_totals
          where scope = ${scope}
          order by points desc nulls last, won desc nulls last, lower(handle)
          limit ${LEADERBOARD_PAGE_SIZE + 1} offset ${offset}
        ) t
      ),
      mine as (
        select profile_id, handle, points, won, lost, pushed, takes
        from leaderboard_totals
        where scope = ${scope} and profile_id = ${viewer}::uuid
      )
      select 'page' as part, p.n, p.profile_id, p.handle, p.points, p.won, p.lost, p.pushed, p.takes,
             case when p.n = 1 then ${ahead("p")} end as ahead
      from page p
      union all
      select 'me', 0, m.profile_id, m.handle, m.points, m.won, m.lost, m.pushed, m.takes, ${ahead("m")}
      from mine m
    `,
    totalsRow,
  );
  const pageRows = fetched.filter((row) => row.part === "page").sort((a, b) => Number(a.n) - Number(b.n));
  const hasNext = pageRows.length > LEADERBOARD_PAGE_SIZE;

  const rows: LeaderboardRow[] = [];
  for (const [index, row] of pageRows.slice(0, LEADERBOARD_PAGE_SIZE).entries()) {
    const previous = rows[index - 1];
    const rank =
      previous && previous.points === Number(row.points) && previous.won === Number(row.won)
        ? previous.rank
        : index === 0
          ? Number(row.ahead ?? 0) + 1
          : offset + index + 1;
    rows.push(toRow(row, rank, viewer));
  }
  const mine = fetched.find((row) => row.part === "me");
  const me = rows.find((row) => row.isMe) ?? (mine ? toRow(mine, Number(mine.ahead ?? 0) + 1, viewer) : null);
  return { scope, page, pageSize: LEADERBOARD_PAGE_SIZE, rows, hasNext, me };
}
