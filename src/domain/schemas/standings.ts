// League standings' requests and answers (docs/decisions/062-league-standings.md).
import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { isDay, STANDINGS_TIE_BREAKS } from "@/domain/standings";

const season = z.coerce.number().int().min(2000).max(2100);
const week = z.string().refine(isDay, "A week is named by its first day, YYYY-MM-DD.");

/**
 * GET /api/standings: a league season's standings (`league`, `season`, default this season) or a
 * contest's (`contest`: id or slug), one week (`week`: its first day) or all of them, after
 * position `after`, `limit` rows.
 */
/** Which standings: a league season (`league`, `season`, default this season) or a contest (id or slug). */
const ZStandingsSet = {
  league: z.enum(SUPPORTED_LEAGUES).optional(),
  season: season.optional(),
  contest: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown contest.")
    .optional(),
};
const oneSet = [
  (q: { league?: string; contest?: string }) => Boolean(q.league) !== Boolean(q.contest),
  "Ask for a league's standings or a contest's, one of the two.",
] as const;

export const ZStandingsQuery = z
  .object({
    ...ZStandingsSet,
    week: week.optional(),
    after: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(...oneSet);

/** GET /api/standings/winners: the weekly winner history of a league season or a contest. */
export const ZStandingsWinnersQuery = z.object(ZStandingsSet).refine(...oneSet);

const ZStandingsRow = z.object({
  position: z.number(),
  rank: z.number(),
  handle: z.string(),
  points: z.number(),
  won: z.number(),
  lost: z.number(),
  pushed: z.number(),
  picks: z.number(),
  lastSubmittedAt: z.string().nullable(),
  isMe: z.boolean(),
  isBot: z.boolean().optional(),
});

const ZTieBreak = z.array(z.enum(STANDINGS_TIE_BREAKS));

/** What the standings were read for: the set named back, and its rule in keys and in words. */
const ZStandingsHeader = {
  title: z.string(),
  league: z.enum(SUPPORTED_LEAGUES).nullable(),
  season: z.number().nullable(),
  contestID: z.string().nullable(),
  week: z.string().nullable(),
  tieBreak: ZTieBreak,
  tieBreakWords: z.array(z.string()),
};

export const ZStandingsAnswer = z.object({
  ...ZStandingsHeader,
  rows: z.array(ZStandingsRow),
  me: ZStandingsRow.nullable(),
  total: z.number(),
  nextAfter: z.number().nullable(),
});

export const ZStandingsWinnersAnswer = z.object({
  ...ZStandingsHeader,
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      label: z.string(),
      packs: z.number(),
      final: z.boolean(),
      winners: z.array(z.object({ handle: z.string(), points: z.number(), won: z.number() })),
      winnerCount: z.number(),
    }),
  ),
});

/** The scope a tie-break order is stored under: a league season or a contest. */
export const ZStandingsRuleScope = z
  .string()
  .regex(/^(league:(nfl|mlb):season:\d{4}|contest:[0-9a-f-]{36})$/, "Choose a league season or a contest.");

/** GET /api/admin/standings/tieBreak?scope=…: the order stored for a scope. */
export const ZStandingsRuleQuery = z.object({ scope: ZStandingsRuleScope });

/** PUT /api/admin/standings/tieBreak: the commissioner's order, each step at most once. */
export const ZStandingsRuleForm = z.object({
  scope: ZStandingsRuleScope,
  tieBreak: ZTieBreak.max(STANDINGS_TIE_BREAKS.length).refine(
    (steps) => new Set(steps).size === steps.length,
    "Choose each tie-breaker at most once.",
  ),
});

export const ZStandingsRuleAnswer = z.object({
  scope: z.string(),
  tieBreak: ZTieBreak,
  tieBreakWords: z.array(z.string()),
  chosen: z.boolean(),
});
