import "server-only";
import { and, eq, ne, or } from "drizzle-orm";
import { LEAGUE_LABELS, type League } from "@/config";
import { getReadDb } from "@/server/db/client";
import { contests } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { isId } from "@/domain/ids";
import { seasonYearOf } from "@/domain/leaderboard-scope";
import { nyDay } from "@/domain/time";
import { standingsTieBreakWords, standingsWeekLabel, standingsWeekStart, type StandingsTieBreak } from "@/domain/standings";
import {
  readStandings,
  readStandingsWeeks,
  readWeeklyWinners,
  standingsRuleScope,
  type StandingsRow,
  type StandingsSet,
} from "./read-standings";
import { readStandingsRule } from "./standings-rules";

/** What a player asked for: a league season or a contest (id or slug), one week or all. */
export interface StandingsRequest {
  league?: League;
  season?: number;
  contest?: string;
  week?: string;
}

export interface StandingsHeader {
  title: string;
  league: League | null;
  season: number | null;
  contestID: string | null;
  week: string | null;
  tieBreak: StandingsTieBreak[];
  tieBreakWords: string[];
}

/** Resolves a request to its set (drafted contests are not found) and the set's rule. */
export async function resolveStandings(
  request: StandingsRequest,
  now = new Date(),
): Promise<{ set: StandingsSet; header: StandingsHeader }> {
  const week = request.week ?? null;
  let set: StandingsSet;
  let title: string;
  let contestID: string | null = null;
  if (request.contest) {
    const key = request.contest;
    const [contest] = await (
      await getReadDb()
    )
      .select({ id: contests.id, slug: contests.slug, title: contests.title })
      .from(contests)
      .where(and(isId(key) ? or(eq(contests.id, key), eq(contests.slug, key)) : eq(contests.slug, key), ne(contests.status, "draft")))
      .limit(1);
    if (!contest) throw new AppError("NOT_FOUND", "Contest not found.");
    set = { kind: "contest", contestId: contest.id, week };
    title = contest.title || "Untitled Contest";
    contestID = contest.slug;
  } else {
    const league = request.league ?? "nfl";
    const season = request.season ?? seasonYearOf(nyDay(now));
    // Any day of a week names that week: its first day (the range the reader takes).
    set = { kind: "league", league, season, week: week ? standingsWeekStart(league, week) : null };
    title = `${LEAGUE_LABELS[league]} ${season} season`;
  }
  const { order } = await readStandingsRule(standingsRuleScope(set));
  return {
    set,
    header: {
      title,
      league: set.kind === "league" ? set.league : null,
      season: set.kind === "league" ? set.season : null,
      contestID,
      week: set.week,
      tieBreak: order,
      tieBreakWords: standingsTieBreakWords(order),
    },
  };
}

const publicRow = (row: StandingsRow, viewer: string | null) => ({
  position: row.position,
  rank: row.rank,
  handle: row.handle,
  points: row.points,
  won: row.won,
  lost: row.lost,
  pushed: row.pushed,
  picks: row.picks,
  lastSubmittedAt: row.lastSubmittedAt?.toISOString() ?? null,
  isMe: row.profileId === viewer,
  isBot: row.profileId === AI_PLAYER_ID,
});

/** A page of standings as a player sees it: handles only, the viewer's own row marked. */
export async function getStandingsView(request: StandingsRequest & { after?: number; limit?: number; viewerProfileId?: string | null }) {
  const { set, header } = await resolveStandings(request);
  const viewer = request.viewerProfileId ?? null;
  const page = await readStandings({ set, order: header.tieBreak, after: request.after, limit: request.limit, viewerProfileId: viewer });
  return {
    ...header,
    rows: page.rows.map((row) => publicRow(row, viewer)),
    me: page.me ? publicRow(page.me, viewer) : null,
    total: page.total,
    nextAfter: page.nextAfter,
  };
}

/** The weekly winner history of a league season or a contest, newest week first (`winners: false`: the weeks alone). */
export async function getWeeklyWinnersView(request: Omit<StandingsRequest, "week">, options: { winners?: boolean } = {}) {
  const { set, header } = await resolveStandings(request);
  // Without winners (a week's page: only its tabs), the weeks are a group-by of the set's packs alone.
  const weeks = options.winners === false ? await readStandingsWeeks({ set }) : await readWeeklyWinners({ set, order: header.tieBreak });
  const league = set.kind === "league" ? set.league : null;
  return { ...header, weeks: weeks.map((week) => ({ ...week, label: standingsWeekLabel(league, week.weekStart) })) };
}
