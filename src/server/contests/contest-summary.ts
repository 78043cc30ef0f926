import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { allContestPacksGraded, effectiveContestStatus, type ContestStatus } from "@/domain/contest-status";
import { queryRows, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { ContestSummary } from "@/domain/schemas/contests";

/** A contest as cards, pages and the admin list show it: the admin answer's schema (src/domain/schemas/contests.ts). */
export type { ContestSummary };

interface ContestRow {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  details: string | null;
  cover_url: string | null;
  prize: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  status: ContestStatus;
  pack_count: number;
  graded_pack_count: number;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Contests matching `where` (over `contests c`) with their public pack counts
 * (draft and archived packs are not part of what players see) and, for those
 * whose packs are all graded, the winners: everyone ranked first on the
 * contest's leaderboard.
 */
export async function readContestSummaries(db: DbOrTx, where: SQL, now: Date): Promise<ContestSummary[]> {
  const rows = await queryRows<ContestRow>(
    db,
    sql`
      select c.id, c.slug, c.title, c.summary, c.details, c.cover_url, c.prize, c.starts_at, c.ends_at, c.status,
             count(p.id)::int as pack_count,
             (count(p.id) filter (where p.status = 'graded'))::int as graded_pack_count
      from contests c
      left join contest_packs cp on cp.contest_id = c.id
      left join packs p on p.id = cp.pack_id and p.status not in ('draft', 'archived')
      where ${where}
      group by c.id
    `,
  );
  const summaries = rows.map((row): ContestSummary => {
    const clock = {
      status: row.status,
      startsAt: toDate(row.starts_at),
      endsAt: toDate(row.ends_at),
      packCount: Number(row.pack_count),
      gradedPackCount: Number(row.graded_pack_count),
    };
    return {
      id: row.id,
      contestID: row.slug,
      title: row.title,
      summary: row.summary,
      details: row.details,
      coverUrl: row.cover_url,
      prize: row.prize,
      startsAt: clock.startsAt?.toISOString() ?? null,
      endsAt: clock.endsAt?.toISOString() ?? null,
      status: effectiveContestStatus(clock, now),
      adminStatus: row.status,
      packCount: clock.packCount,
      gradedPackCount: clock.gradedPackCount,
      winners: [],
    };
  });

  const decided = summaries.filter((contest) => allContestPacksGraded(contest));
  if (decided.length > 0) {
    // Everyone ranked first on each contest's maintained leaderboard: the best (points, won), ties included.
    const scopes = decided.map((contest) => `contest:${contest.id}`);
    const winners = await selectRows(
      db,
      sql`
        select lt.scope, lt.handle
        from leaderboard_totals lt
        join (
          select distinct on (scope) scope, points, won
          from leaderboard_totals
          where scope in (${sql.join(
            scopes.map((scope) => sql`${scope}`),
            sql`, `,
          )})
          order by scope, points desc, won desc
        ) best on best.scope = lt.scope and best.points = lt.points and best.won = lt.won
        order by lower(lt.handle)
      `,
      rowShape((r) => ({ scope: r.text("scope"), handle: r.text("handle") })),
    );
    for (const contest of decided) {
      contest.winners = winners.filter((row) => row.scope === `contest:${contest.id}`).map((row) => row.handle);
    }
  }
  return summaries;
}
