import "server-only";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { League } from "@/config";
import {
  gamePackUrl,
  kindsLabel,
  matchupTitle,
  moneylineProp,
  SLATE_MAX_GAMES,
  slatePackUrl,
  slateTitle,
  spreadProp,
  totalProp,
  type SlateGameInput,
  type SlateLines,
  type SlateMode,
  type SlateMoneylines,
  type SlatePropKind,
} from "@/domain/slate";
import { nyDayBounds } from "@/domain/time";
import type { SlatePlan, SlatePlanGame } from "@/domain/schemas/events";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events, packs, teams } from "@/server/db/schema";
import { badRequest, conflict } from "@/server/http/app-error";
import { getEventOdds } from "@/server/events/get-event-odds";
import type { EspnClient } from "@/server/integrations/espn/client";
import { insertProp } from "./create-prop";
import { isUniqueViolation } from "./db-errors";
import { insertDraftPack } from "./insert-draft-pack";

const homeTeams = alias(teams, "slate_home");
const awayTeams = alias(teams, "slate_away");

/** Games that can no longer take picks are left out (docs/decisions/037-slate-authoring.md). */
const NOT_PLAYABLE: Record<string, string> = {
  in_progress: "Game in progress",
  final: "Game is final",
  postponed: "Game postponed",
  suspended: "Game suspended",
  cancelled: "Game cancelled",
};

interface Game extends SlateGameInput {
  id: string;
  status: string;
  coverUrl: string | null;
  /** ESPN's spread and total as stored at import (events.odds). */
  lines: SlateLines;
}

const storedNumber = (odds: unknown, key: string): number | null => {
  const value = odds && typeof odds === "object" ? (odds as Record<string, unknown>)[key] : null;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};

async function loadGames(input: { league: League; from: string; to: string }): Promise<Game[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: events.id,
      league: events.league,
      title: events.title,
      startTime: events.startTime,
      status: events.status,
      week: events.week,
      seasonType: events.seasonType,
      coverUrl: events.coverUrl,
      odds: events.odds,
      homeName: homeTeams.name,
      homeAbbreviation: homeTeams.abbreviation,
      awayName: awayTeams.name,
      awayAbbreviation: awayTeams.abbreviation,
    })
    .from(events)
    .leftJoin(homeTeams, eq(homeTeams.id, events.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, events.awayTeamId))
    .where(
      and(
        eq(events.league, input.league),
        gte(events.startTime, nyDayBounds(input.from).start),
        lt(events.startTime, nyDayBounds(input.to).end),
      ),
    )
    .orderBy(asc(events.startTime), asc(events.title))
    .limit(SLATE_MAX_GAMES + 1);
  if (rows.length > SLATE_MAX_GAMES) throw badRequest(`A slate holds at most ${SLATE_MAX_GAMES} games; pick a shorter range.`);
  return rows.map((row) => ({
    id: row.id,
    league: row.league,
    eventTitle: row.title,
    startTime: row.startTime,
    status: row.status,
    week: row.week,
    seasonType: row.seasonType,
    coverUrl: row.coverUrl,
    lines: { spread: storedNumber(row.odds, "spread"), overUnder: storedNumber(row.odds, "overUnder") },
    home: row.homeName && row.homeAbbreviation ? { name: row.homeName, abbreviation: row.homeAbbreviation } : null,
    away: row.awayName && row.awayAbbreviation ? { name: row.awayName, abbreviation: row.awayAbbreviation } : null,
  }));
}

type OddsAnswer = { lines: SlateMoneylines | null; provider: string | null; note: string };

/** ESPN's moneylines per game through the existing lookup, four at a time; a failure is "no odds". */
async function lookUpOdds(games: Game[], espn?: EspnClient): Promise<Map<string, OddsAnswer>> {
  const answers = new Map<string, OddsAnswer>();
  const queue = [...games];
  const worker = async () => {
    for (let game = queue.shift(); game; game = queue.shift()) {
      try {
        const odds = await getEventOdds({ eventId: game.id, espn });
        answers.set(
          game.id,
          odds
            ? {
                lines: { homeMoneyline: odds.homeMoneyline, awayMoneyline: odds.awayMoneyline },
                provider: odds.provider,
                note: odds.provider ?? "ESPN",
              }
            : { lines: null, provider: null, note: "No odds from ESPN" },
        );
      } catch {
        answers.set(game.id, { lines: null, provider: null, note: "ESPN odds unavailable" });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, games.length) }, worker));
  return answers;
}

/**
 * The props one game gets, in order: its moneyline (when asked), its spread and its total from
 * ESPN's stored odds; the kinds it cannot have, with why (docs/decisions/063-bulk-tools.md).
 */
function propsForGame(game: Game, kinds: SlatePropKind[], moneylines: SlateMoneylines | null) {
  const fields: Array<ReturnType<typeof moneylineProp> | Exclude<ReturnType<typeof spreadProp>, { skip: string }>> = [];
  const skipped: Array<{ kind: "spread" | "total"; reason: string }> = [];
  if (kinds.includes("moneyline")) fields.push(moneylineProp(game, moneylines));
  for (const kind of ["spread", "total"] as const) {
    if (!kinds.includes(kind)) continue;
    const made = kind === "spread" ? spreadProp(game, game.lines) : totalProp(game, game.lines);
    if ("skip" in made) skipped.push({ kind, reason: made.skip });
    else fields.push(made);
  }
  return { fields, skipped };
}

async function existingPackUrls(urls: string[]): Promise<Map<string, { id: string; title: string }>> {
  if (urls.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: packs.id, title: packs.title, packUrl: packs.packUrl })
    .from(packs)
    .where(inArray(packs.packUrl, urls));
  return new Map(rows.map((row) => [row.packUrl, { id: row.id, title: row.title }]));
}

/**
 * What a slate request would make (and, unless a dry run, makes it): one draft pack per game or
 * one draft pack for the slate, each game with a "who wins" prop priced from ESPN's moneylines
 * (even values when ESPN has none), closing at its game's start. All packs and props of one
 * request are written in one transaction; a pack URL that already exists means that pack was
 * made before, so a repeat request creates nothing twice (docs/decisions/037-slate-authoring.md).
 */
export async function makeSlate(input: {
  league: League;
  from: string;
  to: string;
  mode: SlateMode;
  dryRun: boolean;
  /** The props each game gets; the moneyline alone when not given (decision 063). */
  kinds?: SlatePropKind[];
  /** The games to make (event ids); absent: every playable game. */
  include?: string[];
  actorProfileId: string;
  espn?: EspnClient;
  now?: Date;
  /** Internal: how many times a race with another request has re-planned this one. */
  replans?: number;
}): Promise<SlatePlan> {
  const now = input.now ?? new Date();
  const kinds: SlatePropKind[] = input.kinds?.length ? input.kinds : ["moneyline"];
  const label = kindsLabel(kinds);
  const games = await loadGames(input);
  if (games.length === 0) throw badRequest("No games to make packs from for this league and date.");
  const playable = games.filter((game) => !NOT_PLAYABLE[game.status]);
  const odds = kinds.includes("moneyline") ? await lookUpOdds(playable, input.espn) : new Map<string, OddsAnswer>();
  const slate =
    input.mode === "slate" && playable.length
      ? { title: `${slateTitle(playable)}${label ? ` (${label})` : ""}`, packUrl: slatePackUrl(playable, kinds) }
      : null;
  const existing = await existingPackUrls(slate ? [slate.packUrl] : playable.map((game) => gamePackUrl(game, kinds)));
  const slateExists = slate ? (existing.get(slate.packUrl) ?? null) : null;

  const propsOf = new Map<string, ReturnType<typeof propsForGame>>();
  const planGames: SlatePlanGame[] = games.map((game) => {
    const answer = odds.get(game.id);
    const made = propsForGame(game, kinds, answer?.lines ?? null);
    propsOf.set(game.id, made);
    const moneyline = kinds.includes("moneyline") ? made.fields[0]! : null;
    const packUrl = slate ? slate.packUrl : gamePackUrl(game, kinds);
    const already = slate ? slateExists : existing.get(packUrl);
    const started = game.startTime <= now;
    // Only the games the admin checked, when the dialog says (a started game starts unchecked there: issue 41 item 7).
    const leftOut = input.include ? !input.include.includes(game.id) : false;
    const fixed =
      NOT_PLAYABLE[game.status] ??
      (already ? `Already made: ${already.title}` : made.fields.length === 0 ? made.skipped.map((s) => s.reason).join("; ") : null);
    const skip = fixed ?? (leftOut ? (started ? "Already started: left unchecked" : "Left unchecked") : null);
    return {
      eventId: game.id,
      matchup: matchupTitle(game),
      startTime: game.startTime.toISOString(),
      started,
      choosable: fixed === null,
      oddsFound: Boolean(answer?.lines),
      oddsNote: answer ? answer.note : kinds.includes("moneyline") ? "Not looked up" : "Moneylines not asked for",
      packTitle: slate ? slate.title : `${matchupTitle(game)}${label ? ` (${label})` : ""}`,
      packUrl,
      prop: moneyline
        ? {
            shortLabel: moneyline.shortLabel,
            sideAShort: moneyline.sideAShort,
            sideBShort: moneyline.sideBShort,
            sideAMoneyline: moneyline.sideAMoneyline,
            sideBMoneyline: moneyline.sideBMoneyline,
            sideAValue: moneyline.sideAValue,
            sideBValue: moneyline.sideBValue,
          }
        : null,
      lines: made.fields
        .filter((f) => f.gradingRule !== "who_wins")
        .map((f) => ({
          kind: f.gradingRule === "spread" ? ("spread" as const) : ("total" as const),
          shortLabel: f.shortLabel,
          sideAShort: f.sideAShort,
          sideBShort: f.sideBShort,
          line: (f.gradingParams as { line: number }).line,
        })),
      skippedKinds: made.skipped,
      skip,
    };
  });
  const toMake = planGames.filter((game) => !game.skip);
  const plan: SlatePlan = {
    mode: input.mode,
    league: input.league,
    slateTitle: slate?.title ?? null,
    games: planGames,
    kinds,
    packsToCreate: toMake.length === 0 ? 0 : slate ? 1 : toMake.length,
    propsToCreate: toMake.reduce((sum, game) => sum + propsOf.get(game.eventId)!.fields.length, 0),
    created: null,
  };
  if (input.dryRun || toMake.length === 0) return plan;

  const byId = new Map(games.map((game) => [game.id, game]));
  const db = await getDb();
  try {
    const created = await db.transaction(async (tx) => {
      // One slate at a time, so a double click waits for the first and then finds its packs.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('takes:slate-authoring'))`);
      const urls = [...new Set(toMake.map((game) => game.packUrl))];
      const taken = await tx.select({ packUrl: packs.packUrl }).from(packs).where(inArray(packs.packUrl, urls));
      if (taken.length > 0) return null;
      const groups = slate ? [toMake] : toMake.map((game) => [game]);
      const made: Array<{ id: string; packUrl: string; title: string }> = [];
      for (const group of groups) {
        const groupGames = group.map((g) => byId.get(g.eventId)!);
        const first = groupGames[0]!;
        const last = groupGames[groupGames.length - 1]!;
        const pack = await insertDraftPack(tx, {
          values: {
            packUrl: group[0]!.packUrl,
            title: group[0]!.packTitle,
            league: input.league,
            coverUrl: first.coverUrl,
            // The pack takes picks until its last game starts; each prop closes at its own game's start.
            closeTime: last.startTime,
          },
          eventIds: groupGames.map((g) => g.id),
          actorProfileId: input.actorProfileId,
          auditNote: { source: `slate.${input.mode}` },
        });
        for (const game of groupGames) {
          for (const { sideAValue: _a, sideBValue: _b, ...fields } of propsOf.get(game.id)!.fields) {
            await insertProp(tx, pack, { ...fields, eventId: game.id }, input.actorProfileId, "slate");
          }
        }
        made.push({ id: pack.id, packUrl: pack.packUrl, title: pack.title });
      }
      await recordAdminAction(tx, {
        actorProfileId: input.actorProfileId,
        action: "slate.create",
        entityType: "pack",
        entityId: made[0]!.id,
        before: null,
        after: {
          mode: input.mode,
          league: input.league,
          from: input.from,
          to: input.to,
          packIds: made.map((p) => p.id),
          kinds,
          props: plan.propsToCreate,
          withoutOdds: kinds.includes("moneyline") ? toMake.filter((g) => !g.oddsFound).map((g) => g.matchup) : [],
          linesSkipped: toMake.flatMap((g) => g.skippedKinds.map((k) => `${g.matchup}: ${k.reason}`)),
        },
      });
      return made;
    });
    if (!created) {
      // Another request (a double click) made some of these packs between the plan and the lock:
      // plan again, which skips what now exists and makes the rest; give up after two tries.
      const replans = (input.replans ?? 0) + 1;
      return makeSlate({ ...input, dryRun: replans > 2, replans });
    }
    return { ...plan, created: { packs: created, props: plan.propsToCreate } };
  } catch (error) {
    if (isUniqueViolation(error, "packs_pack_url_key"))
      throw conflict("A pack with one of these URLs was just created; reload and try again.");
    throw error;
  }
}
