import "server-only";
import { asc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { League } from "@/config";
import type { DbOrTx } from "@/server/db/client";
import { events, teams } from "@/server/db/schema";
import type { AdminEvent, EventTeam } from "@/domain/schemas/events";

/** An event as admin screens and dialogs see it: the answer schema's type (src/domain/schemas/events.ts). */
export type { AdminEvent };

const homeTeams = alias(teams, "home_team");
const awayTeams = alias(teams, "away_team");

const teamColumns = (t: typeof homeTeams | typeof awayTeams) => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  fullName: t.fullName,
  abbreviation: t.abbreviation,
  logoUrl: t.logoUrl,
  color: t.color,
});

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A left-joined team row is all nulls when the event has no such team. */
function joinedTeam(row: Nullable<EventTeam> | null): EventTeam | null {
  if (!row?.id || !row.slug || !row.name || !row.fullName || !row.abbreviation) return null;
  return { ...row, id: row.id, slug: row.slug, name: row.name, fullName: row.fullName, abbreviation: row.abbreviation };
}

export function espnGameUrl(league: string, espnEventId: string | null): string | null {
  if (!espnEventId || !/^[0-9]+$/.test(espnEventId)) return null;
  return `https://www.espn.com/${league}/game/_/gameId/${espnEventId}`;
}

/** Events with both teams, filtered and ordered by the caller. */
export async function selectAdminEvents(
  db: DbOrTx,
  options: { where?: SQL; orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<AdminEvent[]> {
  let query = db
    .select({ event: events, home: teamColumns(homeTeams), away: teamColumns(awayTeams) })
    .from(events)
    .leftJoin(homeTeams, eq(events.homeTeamId, homeTeams.id))
    .leftJoin(awayTeams, eq(events.awayTeamId, awayTeams.id))
    .where(options.where)
    .orderBy(...(options.orderBy ?? [asc(events.startTime), asc(events.title)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;
  return rows.map(({ event, home, away }) => toAdminEvent(event, joinedTeam(home), joinedTeam(away)));
}

export function toAdminEvent(event: typeof events.$inferSelect, home: EventTeam | null, away: EventTeam | null): AdminEvent {
  return {
    id: event.id,
    eventTitle: event.title,
    eventTime: event.startTime.toISOString(),
    eventLeague: event.league as League,
    espnEventId: event.espnEventId,
    espnUrl: espnGameUrl(event.league, event.espnEventId),
    shortName: event.shortName,
    status: event.status,
    statusDetail: event.statusDetail,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
    venue: event.venue,
    neutralSite: event.neutralSite,
    seasonYear: event.seasonYear,
    week: event.week,
    coverUrl: event.coverUrl,
    // JSON columns as the importer (EspnGameOdds, EventDetails) or the seed wrote them.
    odds: (event.odds as AdminEvent["odds"]) ?? null,
    details: (event.details as AdminEvent["details"]) ?? null,
    homeTeam: home,
    awayTeam: away,
    homeTeamLogo: home?.logoUrl ?? null,
    awayTeamLogo: away?.logoUrl ?? null,
  };
}
