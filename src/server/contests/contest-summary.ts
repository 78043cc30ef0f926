import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { allContestPacksGraded, CONTEST_STATUSES, effectiveContestStatus } from "@/domain/contest-status";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { ContestSummary } from "@/domain/schemas/contests";

/** A contest as cards, pages and the admin list show it: the admin answer's schema (src/domain/schemas/contests.ts). */
export type { ContestSummary };

/**
 * Contests matching `where` (over `contests c`) with their public pack counts
 * (draft and archived packs are not part of what players see) and, for those
 * whose packs are all graded, the winners: everyone ranked first on the
 * contest's leaderboard.
 */
export async function readContestSummaries(db: DbOrTx, where: SQL, now: Date): Promise<ContestSummary[]> {
  const rows = await selectRows(
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
    contestRow,
  );
  const summaries = rows.map((row): ContestSummary => {
    const clock = {
      status: row.status,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      packCount: row.pack_count,
      gradedPackCount: row.graded_pack_count,
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

const contestRow = rowShape((r) => ({
  id: r.text("id"),
  slug: r.text("slug"),
  title: r.text("title"),
  summary: r.textOrNull("summary"),
  details: r.textOrNull("details"),
  cover_url: r.textOrNull("cover_url"),
  prize: r.textOrNull("prize"),
  starts_at: r.dateOrNull("starts_at"),
  ends_at: r.dateOrNull("ends_at"),
  status: r.oneOf("status", CONTEST_STATUSES),
  pack_count: r.int("pack_count"),
  graded_pack_count: r.int("graded_pack_count"),
}));
