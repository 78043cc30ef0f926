import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { League } from "@/config";
import type { ImportGamesResult } from "@/domain/schemas/events";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events, teams } from "@/server/db/schema";
import type { EspnClient } from "@/server/integrations/espn/client";
import type { EspnGame, EspnGameSide } from "@/server/integrations/espn/game";
import { log } from "@/server/ops/log";
import { loadEspnTeamList } from "./fetch-teams";
import { followGames, type GameMove } from "./follow-games";
import { upsertTeams, type TeamInput } from "./upsert-teams";

/** What the offline summariser and the admin screens read besides the columns. */
export interface EventDetails {
  homeRecord: string | null;
  awayRecord: string | null;
}

const sideAsTeam = (league: League, side: EspnGameSide): TeamInput => ({
  league,
  espnTeamId: side.espnTeamId,
  abbreviation: side.abbreviation,
  name: side.name,
  fullName: side.displayName,
  location: side.location,
  logoUrl: side.logoUrl,
  color: side.color,
  alternateColor: side.alternateColor,
});

/**
 * Upserts ESPN games as events by (league, ESPN event id), linking home and
 * away teams by (league, ESPN team id). Missing teams are imported first from
 * ESPN's team list (fetched before the transaction), falling back to the
 * scoreboard's own team data. Re-importing the same games writes nothing.
 */
export async function importGames(input: {
  league: League;
  games: EspnGame[];
  actorProfileId: string;
  /** Describes the ESPN query for the audit log. */
  source: Record<string, unknown>;
  espn?: EspnClient;
}): Promise<ImportGamesResult> {
  const { league, games } = input;
  const db = await getDb();
  const sides = games.flatMap((game) => [game.home, game.away]);
  const espnTeamIds = [...new Set(sides.map((side) => side.espnTeamId))];
  const known = espnTeamIds.length
    ? await db
        .select({ espnTeamId: teams.espnTeamId })
        .from(teams)
        .where(and(eq(teams.league, league), inArray(teams.espnTeamId, espnTeamIds)))
    : [];
  const knownIds = new Set(known.map((row) => row.espnTeamId));
  const missing = espnTeamIds.filter((id) => !knownIds.has(id));

  let teamList: TeamInput[] = [];
  if (missing.length > 0) {
    try {
      teamList = await loadEspnTeamList(league, input.espn);
    } catch (error) {
      log("warn", "team list unavailable; using scoreboard team data", {
        league,
        missing: missing.length,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const listed = new Set(teamList.map((team) => team.espnTeamId));
  const fallbackTeams = sides.filter((side) => missing.includes(side.espnTeamId) && !listed.has(side.espnTeamId));

  return db.transaction(async (tx) => {
    const teamInputs = [...teamList, ...fallbackTeams.map((side) => sideAsTeam(league, side))];
    const teamUpsert = await upsertTeams(tx, league, teamInputs);
    const teamIdOf = async (espnTeamId: string) => {
      const cached = teamUpsert.idsByEspnId.get(espnTeamId);
      if (cached) return cached;
      const [row] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.league, league), eq(teams.espnTeamId, espnTeamId)))
        .limit(1);
      if (!row) throw new Error(`team ${league}/${espnTeamId} missing after upsert`);
      teamUpsert.idsByEspnId.set(espnTeamId, row.id);
      return row.id;
    };

    const rows = [];
    for (const game of dedupe(games)) {
      const details: EventDetails | null =
        game.home.record || game.away.record ? { homeRecord: game.home.record, awayRecord: game.away.record } : null;
      rows.push({
        league,
        espnEventId: game.espnEventId,
        title: game.title,
        shortName: game.shortName,
        startTime: game.startTime,
        status: game.status,
        statusDetail: game.statusDetail,
        homeTeamId: await teamIdOf(game.home.espnTeamId),
        awayTeamId: await teamIdOf(game.away.espnTeamId),
        homeScore: game.home.score,
        awayScore: game.away.score,
        venue: game.venue,
        neutralSite: game.neutralSite,
        seasonYear: game.seasonYear,
        seasonType: game.seasonType,
        week: game.week,
        odds: game.odds,
        details,
      });
    }
    if (rows.length === 0) return { processedCount: 0, created: 0, updated: 0, unchanged: 0, eventIds: [] };

    // Fields a later scoreboard may lack (odds, records, venue) keep their last known value.
    const next = {
      title: sql`excluded.title`,
      shortName: sql`excluded.short_name`,
      startTime: sql`excluded.start_time`,
      status: sql`excluded.status`,
      statusDetail: sql`excluded.status_detail`,
      homeTeamId: sql`excluded.home_team_id`,
      awayTeamId: sql`excluded.away_team_id`,
      homeScore: sql`excluded.home_score`,
      awayScore: sql`excluded.away_score`,
      venue: sql`coalesce(excluded.venue, ${events.venue})`,
      neutralSite: sql`excluded.neutral_site`,
      seasonYear: sql`coalesce(excluded.season_year, ${events.seasonYear})`,
      seasonType: sql`coalesce(excluded.season_type, ${events.seasonType})`,
      week: sql`coalesce(excluded.week, ${events.week})`,
      odds: sql`coalesce(excluded.odds, ${events.odds})`,
      details: sql`coalesce(excluded.details, ${events.details})`,
    };
    // This import's games, by league and ESPN id (the unique key the upsert names), read before and after it.
    const theseGames = and(
      eq(events.league, league),
      inArray(
        events.espnEventId,
        rows.map((r) => r.espnEventId),
      ),
    );
    // Start times as they were, so props that close at their game's start can follow a moved game.
    const previous = await tx
      .select({ id: events.id, espnEventId: events.espnEventId, startTime: events.startTime })
      .from(events)
      .where(theseGames);
    const written = await tx
      .insert(events)
      .values(rows)
      .onConflictDoUpdate({
        target: [events.league, events.espnEventId],
        set: { ...next, updatedAt: sql`now()` },
        setWhere: sql`(${sql.join(
          [
            events.title,
            events.shortName,
            events.startTime,
            events.status,
            events.statusDetail,
            events.homeTeamId,
            events.awayTeamId,
            events.homeScore,
            events.awayScore,
            events.venue,
            events.neutralSite,
            events.seasonYear,
            events.seasonType,
            events.week,
            events.odds,
            events.details,
          ],
          sql`, `,
        )}) is distinct from (${sql.join(Object.values(next), sql`, `)})`,
      })
      .returning({ id: events.id, inserted: sql<boolean>`(xmax = 0)` });

    const all = await tx.select({ id: events.id, espnEventId: events.espnEventId }).from(events).where(theseGames);
    const idByEspnId = new Map(all.map((row) => [row.espnEventId, row.id]));
    const created = written.filter((row) => row.inserted).length;
    const updated = written.length - created;
    const rowByEspnId = new Map(rows.map((row) => [row.espnEventId, row]));
    const moves: GameMove[] = previous.flatMap((old) => {
      const now = rowByEspnId.get(old.espnEventId!)!;
      return old.startTime && now.startTime && old.startTime.getTime() !== now.startTime.getTime()
        ? [{ eventId: old.id, from: old.startTime, to: now.startTime }]
        : [];
    });
    const followed = await followGames(tx, {
      moves,
      startedEventIds: rows.filter((row) => row.status !== "scheduled").map((row) => idByEspnId.get(row.espnEventId)!),
    });
    const result: ImportGamesResult = {
      processedCount: rows.length,
      created,
      updated,
      unchanged: rows.length - written.length,
      eventIds: rows.map((row) => idByEspnId.get(row.espnEventId)!),
    };
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "events.import",
      entityType: "event",
      before: null,
      after: {
        ...input.source,
        league,
        processedCount: result.processedCount,
        created,
        updated,
        teamsCreated: teamUpsert.created,
        ...(followed.propsMoved || followed.packsMoved ? { propsMoved: followed.propsMoved, packsMoved: followed.packsMoved } : {}),
        ...(followed.propsLocked || followed.packsLocked ? { propsLocked: followed.propsLocked, packsLocked: followed.packsLocked } : {}),
        createdEventIds: written.filter((row) => row.inserted).map((row) => row.id),
        updatedEventIds: written.filter((row) => !row.inserted).map((row) => row.id),
      },
    });
    return result;
  });
}

/** ESPN can list a game twice (doubleheader pages); the last copy wins. */
function dedupe(games: EspnGame[]): EspnGame[] {
  return [...new Map(games.map((game) => [game.espnEventId, game])).values()];
}
