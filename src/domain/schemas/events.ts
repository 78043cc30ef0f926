// Request and answer schemas of the events, teams, ESPN players and slate admin endpoints
// (docs/PRODUCT.md §14 and §15), shared by the admin screens and dialogs that call them and the
// route handlers that read and answer through them (docs/decisions/046-one-typed-contract.md).
import { z } from "zod";
import { TIME_ZONE } from "@/config";
import { slugify } from "@/domain/authoring";
import { idSchema } from "@/domain/ids";
import { SLATE_MODES, SLATE_PROP_KINDS } from "@/domain/slate";
import { parseDayParam } from "@/domain/time";
import { keysetPage, ZCursor } from "./cursor";
import { requiredText, wholeNumberBetween } from "./fields";
import { propPriceFields } from "./props";

import { ZLeague } from "./authoring-fields";

export { ZLeague };

/** YYYY-MM-DD, YYYYMMDD or YYMMDD → YYYY-MM-DD. */
export const ZDay = z.string({ error: "Invalid date" }).transform((value, ctx) => {
  const day = parseDayParam(value.trim());
  if (!day) {
    ctx.addIssue({ code: "custom", message: "Invalid date" });
    return z.NEVER;
  }
  return day;
});

const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");

/** GET /api/admin/eventLeagues[?season]. */
export const ZEventLeaguesQuery = z.object({
  season: wholeNumberBetween(2000, 2100, "Season year must be between 2000 and 2100").optional(),
});

/** GET /api/admin/eventsByDate?date&league&tz. */
export const ZEventsByDateQuery = z.object({
  date: ZDay,
  league: ZLeague,
  tz: z.literal(TIME_ZONE, { error: `Events are listed in ${TIME_ZONE}` }).default(TIME_ZONE),
});

/** POST /api/admin/fetchNflEvents. */
export const ZFetchNflEventsRequest = z.object({
  year: wholeNumberBetween(2000, 3000, "Year must be between 2000 and 3000"),
  week: wholeNumberBetween(1, 25, "Week must be between 1 and 25"),
  generateCovers: boolish.default(false),
});

/** POST /api/admin/fetchMlbEvents. */
export const ZFetchMlbEventsRequest = z.object({
  date: ZDay.transform((day) => day.replaceAll("-", "")),
  generateCovers: boolish.default(false),
});

/** POST /api/admin/fetchTeams. */
export const ZFetchTeamsRequest = z.object({ league: ZLeague });

/** POST /api/admin/players: fetch one team's roster from ESPN. */
export const ZFetchPlayersRequest = z.object({ teamId: idSchema("Pick a team first.") });

/** The ESPN calls the API tester can make (src/server/events/run-espn-api-call.ts). */
export const API_TESTER_CALLS = ["scoreboard", "summary", "teams", "roster", "odds"] as const;
export type ApiTesterCall = (typeof API_TESTER_CALLS)[number];

/** POST /api/admin/api-tester. */
export const ZApiTesterRequest = z.object({
  call: z.enum(API_TESTER_CALLS, { error: "Unknown call" }),
  league: ZLeague,
  date: ZDay.transform((day) => day.replaceAll("-", "")).optional(),
  year: z.coerce
    .number()
    .int()
    .min(2000, "NFL year must be between 2000 and 3000")
    .max(3000, "NFL year must be between 2000 and 3000")
    .optional(),
  week: z.coerce.number().int().min(1, "NFL week must be between 1 and 25").max(25, "NFL week must be between 1 and 25").optional(),
  eventId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,12}$/, "ESPN ids are digits.")
    .optional(),
  teamId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,12}$/, "ESPN ids are digits.")
    .optional(),
});

/** GET /api/admin/teams?league. */
export const ZTeamsQuery = z.object({ league: ZLeague.optional() });

/** POST /api/admin/teams and PATCH /api/admin/teams/{teamId}: the team form. */
export const ZTeamRequest = z.object({
  league: ZLeague,
  name: requiredText("Name is required.", 60),
  fullName: requiredText("Full name is required.", 100),
  slug: z
    .string({ error: "Slug is required." })
    .trim()
    .refine((v) => v.length > 0 && slugify(v) === v && v.length <= 60, { message: "Slugs are lower-case letters, numbers and dashes." }),
  abbreviation: requiredText("Abbreviation is required.", 6).transform((v) => v.toUpperCase()),
  logoUrl: z
    .string()
    .trim()
    .max(2_000)
    .refine((v) => v === "" || /^https:\/\/\S+$/i.test(v), { message: "Logo URL must start with https://" })
    .transform((v) => v || null)
    .nullable()
    .default(null),
});

/** GET /api/admin/events?from&to&league&q&sort&cursor&limit. */
export const ZAdminEventsQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  league: ZLeague.optional(),
  q: z.string().max(200).optional(),
  sort: z.enum(["soonest", "latest"]).default("soonest"),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** GET /api/admin/players?league&teamId&q&cursor&limit. */
export const ZPlayersQuery = z.object({
  league: ZLeague.optional(),
  teamId: idSchema("Unknown team").optional(),
  q: z.string().max(100).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * POST /api/admin/slate: the games of a league between two New York days (a day or an NFL week,
 * at most 8 days), one pack per game or one for the slate; a dry run previews
 * (docs/decisions/037-slate-authoring.md).
 */
export const ZSlateRequest = z
  .object({
    league: ZLeague,
    from: ZDay,
    to: ZDay,
    mode: z.enum(SLATE_MODES, { error: "Mode must be perGame or slate" }),
    dryRun: z.boolean({ error: "dryRun must be true or false" }).default(true),
    /** Which props each game gets (docs/decisions/063-bulk-tools.md); the moneyline alone unless asked. */
    kinds: z
      .array(z.enum(SLATE_PROP_KINDS, { error: "Kinds are moneyline, spread and total" }))
      .min(1, "Choose at least one kind of prop.")
      .max(3)
      .transform((kinds) => SLATE_PROP_KINDS.filter((kind) => kinds.includes(kind)))
      .default(["moneyline"]),
    /** The games (event ids) checked in the dialog; absent: every playable game (issue 41 item 7). */
    include: z.array(idSchema("Unknown game")).max(100, "At most 100 games").optional(),
  })
  .refine((v) => v.from <= v.to, { message: "The range must end on or after its start.", path: ["to"] })
  .refine((v) => Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`) <= 7 * 86_400_000, {
    message: "Pick a day or a week (8 days at most).",
    path: ["to"],
  });

// ---------------------------------------------------------------------------
// Answers: what these endpoints send back (inside `{success: true, …}`).

/** A DELETE's answer: nothing but `success`. */
export const ZDeletedAnswer = z.object({});

/** A team as the admin teams table and pickers see it. */
export const ZAdminTeam = z.object({
  id: z.string(),
  league: ZLeague,
  espnTeamId: z.string(),
  teamType: z.string(),
  slug: z.string(),
  /** The team page's address (`/teams/{routeSlug}`): `mlb-giants` for the MLB Giants (docs/decisions/070-team-route-slugs.md). */
  routeSlug: z.string(),
  abbreviation: z.string(),
  name: z.string(),
  fullName: z.string(),
  location: z.string().nullable(),
  logoUrl: z.string().nullable(),
  color: z.string().nullable(),
});

/** A team as an event carries it: the admin's team without its ESPN and routing details (picked in the order the events view builds it). */
export const ZEventTeam = ZAdminTeam.pick({
  id: true,
  slug: true,
  name: true,
  fullName: true,
  abbreviation: true,
  logoUrl: true,
  color: true,
});

/**
 * An event's stored odds (JSON as ESPN's importer or the seed wrote it): the known fields, each
 * possibly missing (the seed's demo odds have no spread or favorite), and whatever else is stored.
 */
const ZEventOdds = z.looseObject({
  provider: z.string().nullable().optional(),
  details: z.string().nullable().optional(),
  overUnder: z.number().nullable().optional(),
  spread: z.number().nullable().optional(),
  homeMoneyline: z.number().nullable().optional(),
  awayMoneyline: z.number().nullable().optional(),
  favorite: z.enum(["home", "away"]).nullable().optional(),
});

/** What the offline summariser and the admin screens read besides the columns (stored JSON). */
const ZEventDetails = z.looseObject({ homeRecord: z.string().nullable(), awayRecord: z.string().nullable() });

/** An event as admin screens and dialogs see it (docs/PRODUCT.md §13 "Event", plus what authoring needs). */
export const ZAdminEvent = z.object({
  id: z.string(),
  eventTitle: z.string(),
  eventTime: z.string(),
  eventLeague: ZLeague,
  espnEventId: z.string().nullable(),
  espnUrl: z.string().nullable(),
  shortName: z.string().nullable(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  venue: z.string().nullable(),
  neutralSite: z.boolean(),
  seasonYear: z.number().nullable(),
  week: z.number().nullable(),
  coverUrl: z.string().nullable(),
  odds: ZEventOdds.nullable(),
  details: ZEventDetails.nullable(),
  homeTeam: ZEventTeam.nullable(),
  awayTeam: ZEventTeam.nullable(),
  homeTeamLogo: z.string().nullable(),
  awayTeamLogo: z.string().nullable(),
});

/** GET /api/admin/events/{eventId}: one event with its teams (the addProp and aiSummary dialogs). */
export const ZEventAnswer = z.object({ event: ZAdminEvent });

/**
 * Pre-game moneylines for "Use ESPN odds": ESPN's core odds, else those stored at import. Odds
 * stored at import may lack the provider, spread or total (the seed's demo odds have no spread):
 * such a field is null.
 */
export const ZEventMoneylines = z.object({
  homeMoneyline: z.number(),
  awayMoneyline: z.number(),
  provider: z.string().nullable().default(null),
  spread: z.number().nullable().default(null),
  overUnder: z.number().nullable().default(null),
});

/** GET /api/admin/events/{eventId}/odds: null when ESPN quotes no moneylines. */
export const ZEventOddsAnswer = z.object({ odds: ZEventMoneylines.nullable() });

/** A row of the admin events table: the event with its props and packs. */
export const ZAdminEventRow = ZAdminEvent.extend({
  props: z.array(z.object({ id: z.string(), shortLabel: z.string(), status: z.string() })),
  packs: z.array(z.object({ id: z.string(), packUrl: z.string(), title: z.string(), status: z.string() })),
});

/** GET /api/admin/events: a page of the events table. */
export const ZAdminEventsPage = keysetPage({ events: z.array(ZAdminEventRow) });

/** GET /api/admin/eventsByDate: a league's events on one New York day. */
export const ZEventsByDateAnswer = z.object({ date: z.string(), events: z.array(ZAdminEvent) });

/** One NFL week's New York days, inclusive, from ESPN's calendar or the computed rule. */
export const ZNflWeekRange = z.object({ week: z.number().int(), start: z.string(), end: z.string(), source: z.enum(["espn", "computed"]) });

/** GET /api/admin/eventLeagues[?season]: the leagues and, with a season, its NFL weeks. */
export const ZEventLeaguesAnswer = z.object({
  leagues: z.array(z.object({ value: ZLeague, label: z.string() })),
  nflWeeks: z.array(ZNflWeekRange).optional(),
});

/** One event's generated cover (POST /api/admin/events/{eventId}/cover, and the imports' covers). */
export const ZCoverResult = z.object({
  eventId: z.string(),
  ok: z.boolean(),
  coverUrl: z.string().nullable(),
  /** How many of the two logos could be fetched and inlined (0 → colours and abbreviations). */
  logosInlined: z.number().int(),
  error: z.string().optional(),
});

/** POST /api/admin/events/{eventId}/cover. */
export const ZEventCoverAnswer = z.object({ coverResult: ZCoverResult });

/** What an import of ESPN games did. */
export const ZImportGamesResult = z.object({
  processedCount: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Our event ids, in ESPN's order. */
  eventIds: z.array(z.string()),
});

/** POST /api/admin/fetchNflEvents and /api/admin/fetchMlbEvents. */
export const ZFetchEventsAnswer = ZImportGamesResult.extend({ coverResults: z.array(ZCoverResult) });

/** GET /api/admin/teams. */
export const ZTeamsAnswer = z.object({ teams: z.array(ZAdminTeam) });

/** POST /api/admin/teams and PATCH /api/admin/teams/{teamId}: the team saved. */
export const ZSaveTeamAnswer = z.object({ id: z.string() });

/** POST /api/admin/fetchTeams. */
export const ZFetchTeamsAnswer = z.object({
  upserted: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Both drivers are PostgreSQL (docs/PRODUCT.md §17 fixes the backend name). */
  backend: z.literal("postgres"),
});

/** A stored player as /admin/athletes lists it. */
export const ZAdminPlayer = z.object({
  id: z.string(),
  espnPlayerId: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  jersey: z.string().nullable(),
  headshotUrl: z.string().nullable(),
  teamAbbreviation: z.string(),
  teamId: z.string(),
  league: ZLeague,
});

/** GET /api/admin/players: a page of stored players. */
export const ZPlayersPage = keysetPage({ players: z.array(ZAdminPlayer) });

/** POST /api/admin/players: the roster fetched from ESPN. */
export const ZFetchPlayersAnswer = z.object({
  upserted: z.number().int(),
  team: z.object({ id: z.string(), abbreviation: z.string(), league: ZLeague }),
});

/** A game as the API tester describes it. */
export const ZApiTesterGame = z.object({
  espnEventId: z.string(),
  matchup: z.string(),
  score: z.string().nullable(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  time: z.string(),
});

/** One ESPN call's report. */
export const ZApiTesterResult = z.object({
  requestUrl: z.string(),
  status: z.number().int().nullable(),
  ms: z.number(),
  ok: z.boolean(),
  error: z.string().nullable(),
  json: z.unknown(),
  /** For scoreboards: the games as the importer reads them. */
  games: z.array(ZApiTesterGame).optional(),
  /** For summaries: the game as the auto-grader reads it. */
  game: ZApiTesterGame.optional(),
});

/** POST /api/admin/api-tester. */
export const ZApiTesterAnswer = z.object({ result: ZApiTesterResult });

/** One game of a slate request (src/server/authoring/make-slate.ts, docs/decisions/037-slate-authoring.md). */
export const ZSlatePlanGame = z.object({
  eventId: z.string(),
  /** "Commanders at Eagles". */
  matchup: z.string(),
  startTime: z.string(),
  /** The game has started by the clock (picks would close at once). */
  started: z.boolean(),
  oddsFound: z.boolean(),
  /** The odds provider, or why there are none ("No odds from ESPN"). */
  oddsNote: z.string(),
  packTitle: z.string(),
  packUrl: z.string(),
  /** The moneyline "who wins" prop, or null when the request did not ask for moneylines. */
  prop: z
    .object({
      shortLabel: z.string(),
      sideAShort: z.string(),
      sideBShort: z.string(),
      ...propPriceFields,
    })
    .nullable(),
  /** The spread and total props this game gets, from ESPN's odds stored at import. */
  lines: z.array(
    z.object({
      kind: z.enum(["spread", "total"]),
      shortLabel: z.string(),
      sideAShort: z.string(),
      sideBShort: z.string(),
      line: z.number(),
    }),
  ),
  /** The kinds asked for that this game cannot have, and why ("No spread from ESPN"). */
  skippedKinds: z.array(z.object({ kind: z.enum(["spread", "total"]), reason: z.string() })),
  /** Why this game gets nothing (already made, final, left unchecked…), or null when it will be made. */
  skip: z.string().nullable(),
  /** The admin may check or uncheck it: playable and not made already. */
  choosable: z.boolean(),
});

export const ZSlatePlan = z.object({
  mode: z.enum(["perGame", "slate"]),
  league: z.string(),
  kinds: z.array(z.enum(SLATE_PROP_KINDS)),
  slateTitle: z.string().nullable(),
  games: z.array(ZSlatePlanGame),
  packsToCreate: z.number().int(),
  propsToCreate: z.number().int(),
  /** What a real (not dry-run) request made; null on a preview or when there was nothing to make. */
  created: z
    .object({ packs: z.array(z.object({ id: z.string(), packUrl: z.string(), title: z.string() })), props: z.number().int() })
    .nullable(),
});

/** POST /api/admin/slate (request: ZSlateRequest above). */
export const ZSlateAnswer = z.object({ plan: ZSlatePlan });

export type EventTeam = z.infer<typeof ZEventTeam>;
export type AdminEvent = z.infer<typeof ZAdminEvent>;
export type AdminEventRow = z.infer<typeof ZAdminEventRow>;
export type EventMoneylines = z.infer<typeof ZEventMoneylines>;
export type NflWeekRange = z.infer<typeof ZNflWeekRange>;
export type EventLeagues = z.infer<typeof ZEventLeaguesAnswer>;
export type CoverResult = z.infer<typeof ZCoverResult>;
export type ImportGamesResult = z.infer<typeof ZImportGamesResult>;
export type FetchEventsResult = z.infer<typeof ZFetchEventsAnswer>;
export type AdminTeam = z.infer<typeof ZAdminTeam>;
export type FetchTeamsResult = z.infer<typeof ZFetchTeamsAnswer>;
export type AdminPlayer = z.infer<typeof ZAdminPlayer>;
export type FetchPlayersResult = z.infer<typeof ZFetchPlayersAnswer>;
export type ApiTesterGame = z.infer<typeof ZApiTesterGame>;
export type ApiTesterResult = z.infer<typeof ZApiTesterResult>;
export type SlatePlanGame = z.infer<typeof ZSlatePlanGame>;
export type SlatePlan = z.infer<typeof ZSlatePlan>;
