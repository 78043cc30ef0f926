import "server-only";
import { z } from "zod";
import type { League } from "@/config";
import { nflCalendarWeeks, type NflCalendarWeek } from "./calendar";
import { liveReadingOf, readCompetition, ZEspnCompetitor, ZEspnId, ZEspnStatus, type EspnGame, type EspnGameOdds } from "./game";

const ZAmerican = z.union([z.number(), z.string()]).transform((raw) => {
  const value = typeof raw === "number" ? raw : raw.trim().toUpperCase() === "EVEN" ? 100 : Number(raw.replace(/^\+/, ""));
  return Number.isInteger(value) && Math.abs(value) >= 100 ? value : null;
});

const ZTeamOdds = z.object({
  favorite: z.boolean().optional(),
  moneyLine: ZAmerican.optional(),
});

const ZMoneylineSide = z.object({
  close: z.object({ odds: ZAmerican.optional() }).optional(),
  open: z.object({ odds: ZAmerican.optional() }).optional(),
});

const ZScoreboardOdds = z.object({
  provider: z.object({ name: z.string().optional() }).optional(),
  details: z.string().optional(),
  overUnder: z.number().optional(),
  spread: z.number().optional(),
  homeTeamOdds: ZTeamOdds.optional(),
  awayTeamOdds: ZTeamOdds.optional(),
  // Newer scoreboards nest American moneylines here; older ones use *TeamOdds.moneyLine.
  moneyline: z.object({ home: ZMoneylineSide.optional(), away: ZMoneylineSide.optional() }).optional(),
});

const ZScoreboardEvent = z.object({
  id: ZEspnId,
  date: z.string(),
  name: z.string().optional(),
  shortName: z.string().optional(),
  season: z.object({ year: z.number().int().optional(), type: z.number().int().optional() }).optional(),
  week: z.object({ number: z.number().int().optional() }).optional(),
  status: ZEspnStatus.optional(),
  competitions: z
    .array(
      z.object({
        date: z.string().optional(),
        neutralSite: z.boolean().optional(),
        venue: z.object({ fullName: z.string().optional() }).optional(),
        competitors: z.array(ZEspnCompetitor),
        status: ZEspnStatus.optional(),
        odds: z.array(z.unknown()).optional(),
      }),
    )
    .min(1),
});

const ZScoreboard = z.object({
  leagues: z
    .array(
      z.object({
        slug: z.string().optional(),
        season: z.object({ year: z.number().int().optional() }).optional(),
        calendar: z.unknown().optional(),
      }),
    )
    .optional(),
  season: z.object({ year: z.number().int().optional(), type: z.number().int().optional() }).optional(),
  week: z.object({ number: z.number().int().optional() }).optional(),
  events: z.array(z.unknown()),
});

export interface ParsedScoreboard {
  games: EspnGame[];
  /** Events ESPN sent that we could not read, with why (they are not imported). */
  skipped: Array<{ espnEventId: string | null; reason: string }>;
  /** The NFL season's weeks from ESPN's own calendar, when the response carries one. */
  calendarWeeks: NflCalendarWeek[];
  calendarSeasonYear: number | null;
}

/**
 * Reads an ESPN scoreboard. The shape varies (fixtures/espn/README.md): the
 * top-level season/week/day are optional, logos are strings here, scores are
 * strings, and unknown keys come and go. One unreadable event is reported in
 * `skipped` rather than failing the whole response.
 */
export function parseEspnScoreboard(json: unknown, league: League): ParsedScoreboard {
  const parsed = ZScoreboard.safeParse(json);
  if (!parsed.success) throw new Error(`ESPN scoreboard has an unexpected shape: ${parsed.error.issues[0]?.message}`);
  const board = parsed.data;
  const games: EspnGame[] = [];
  const skipped: ParsedScoreboard["skipped"] = [];
  for (const raw of board.events) {
    const event = ZScoreboardEvent.safeParse(raw);
    if (!event.success) {
      skipped.push({ espnEventId: idOf(raw), reason: event.error.issues[0]?.message ?? "unreadable event" });
      continue;
    }
    const game = toGame(event.data, league, board);
    if (typeof game === "string") skipped.push({ espnEventId: event.data.id, reason: game });
    else games.push(game);
  }
  const leagueInfo = board.leagues?.[0];
  return {
    games,
    skipped,
    calendarWeeks: league === "nfl" && leagueInfo?.calendar ? nflCalendarWeeks(leagueInfo.calendar) : [],
    calendarSeasonYear: leagueInfo?.season?.year ?? board.season?.year ?? null,
  };
}

function toGame(event: z.infer<typeof ZScoreboardEvent>, league: League, board: z.infer<typeof ZScoreboard>): EspnGame | string {
  const competition = event.competitions[0]!;
  const statusSource = competition.status ?? event.status;
  const read = readCompetition(competition.competitors, competition.date ?? event.date, statusSource);
  if (read === "sides") return "needs one home and one away competitor";
  if (read === "date") return `unreadable date ${event.date}`;
  const { startTime, status, home, away } = read;
  return {
    league,
    espnEventId: event.id,
    // Built from the two teams' names rather than ESPN's event name, which doubles a one-word club
    // ("Minnesota Twins at Athletics Athletics" in the recorded MLB scoreboards).
    title: `${away.displayName} at ${home.displayName}`,
    shortName: event.shortName ?? `${away.abbreviation} @ ${home.abbreviation}`,
    startTime,
    status,
    statusDetail: statusSource?.type.detail ?? statusSource?.type.description ?? null,
    completed: statusSource?.type.completed === true,
    ...liveReadingOf(statusSource, league),
    home,
    away,
    venue: competition.venue?.fullName ?? null,
    neutralSite: competition.neutralSite ?? false,
    seasonYear: event.season?.year ?? board.season?.year ?? null,
    seasonType: event.season?.type ?? board.season?.type ?? null,
    week: event.week?.number ?? (league === "nfl" ? (board.week?.number ?? null) : null),
    odds: readOdds(competition.odds),
  };
}

function readOdds(raw: unknown[] | undefined): EspnGameOdds | null {
  for (const entry of raw ?? []) {
    const odds = ZScoreboardOdds.safeParse(entry);
    if (!odds.success) continue;
    const o = odds.data;
    const homeFavorite = o.homeTeamOdds?.favorite;
    const awayFavorite = o.awayTeamOdds?.favorite;
    return {
      provider: o.provider?.name ?? null,
      details: o.details ?? null,
      overUnder: o.overUnder ?? null,
      spread: o.spread ?? null,
      homeMoneyline: o.homeTeamOdds?.moneyLine ?? o.moneyline?.home?.close?.odds ?? o.moneyline?.home?.open?.odds ?? null,
      awayMoneyline: o.awayTeamOdds?.moneyLine ?? o.moneyline?.away?.close?.odds ?? o.moneyline?.away?.open?.odds ?? null,
      favorite: homeFavorite ? "home" : awayFavorite ? "away" : null,
    };
  }
  return null;
}

function idOf(raw: unknown): string | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}
