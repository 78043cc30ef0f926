import { slugify } from "./authoring";
import { ZSpreadParams, ZTotalParams } from "./auto-grade";
import { sideValue } from "./points";
import { formatMediumDate, nyDay } from "./time";

// Slate authoring: the moneyline packs made from a day or an NFL week of imported games
// (docs/decisions/037-slate-authoring.md, docs/SCREENS.md §3.2). Pure: titles, URLs and the
// "who wins" prop of one game, shared by the server's preview and create.

export const SLATE_MODES = ["perGame", "slate"] as const;
export type SlateMode = (typeof SLATE_MODES)[number];

/**
 * The props a slate can make per game (issue 41 item 5, docs/decisions/063-bulk-tools.md): the
 * moneyline "who wins", and the spread and the total from ESPN's odds stored at import.
 */
export const SLATE_PROP_KINDS = ["moneyline", "spread", "total"] as const;
export type SlatePropKind = (typeof SLATE_PROP_KINDS)[number];
const KIND_WORDS: Record<SlatePropKind, string> = { moneyline: "Moneyline", spread: "Spread", total: "Total" };

/** "" for the moneyline tool as it always was; "Spread & Total" and so on for any other choice. */
export function kindsLabel(kinds: readonly SlatePropKind[]): string {
  const chosen = SLATE_PROP_KINDS.filter((kind) => kinds.includes(kind));
  return chosen.length === 1 && chosen[0] === "moneyline" ? "" : chosen.map((kind) => KIND_WORDS[kind]).join(" & ");
}

/** Games in one request at most: a pack links at most 30 events. */
export const SLATE_MAX_GAMES = 30;

export interface SlateGameInput {
  league: string;
  startTime: Date;
  week: number | null;
  seasonType: number | null;
  home: { name: string; abbreviation: string } | null;
  away: { name: string; abbreviation: string } | null;
  eventTitle: string;
}

export interface SlateMoneylines {
  homeMoneyline: number;
  awayMoneyline: number;
}

/** "Commanders at Eagles"; an event without both teams keeps its own title. */
export function matchupTitle(game: SlateGameInput): string {
  if (!game.home || !game.away) return game.eventTitle.slice(0, 120);
  return `${game.away.name} at ${game.home.name}`;
}

/**
 * A game's pack URL: the matchup and its New York day, so it is the same on every request; a pack
 * of other kinds than the moneyline alone names them ("…-spread-total-2025-09-07"), so spreads can
 * be made for games whose moneyline packs exist.
 */
export function gamePackUrl(game: SlateGameInput, kinds: readonly SlatePropKind[] = ["moneyline"]): string {
  return slugify(`${matchupTitle(game).slice(0, 50)} ${kindsLabel(kinds)} ${nyDay(game.startTime)}`);
}

const weekdayOf = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

/**
 * The slate pack's title: "NFL Week 12 Sunday Slate" when the games share a regular-season
 * week (and a day), "NFL Week 12 Slate" for a whole week, else "MLB Saturday Slate, Sep 27, 2025".
 */
export function slateTitle(games: SlateGameInput[]): string {
  const first = games[0]!;
  const league = first.league.toUpperCase();
  const days = [...new Set(games.map((g) => nyDay(g.startTime)))].sort();
  const weeks = new Set(games.map((g) => (g.seasonType === 2 ? g.week : null)));
  const oneWeek = weeks.size === 1 && first.week !== null && first.seasonType === 2 ? first.week : null;
  // An NFL Sunday includes the night game that ends after midnight in New York only by ESPN's
  // filing; by New York days a Sunday is one day.
  if (oneWeek !== null)
    return days.length === 1 ? `${league} Week ${oneWeek} ${weekdayOf(days[0]!)} Slate` : `${league} Week ${oneWeek} Slate`;
  if (days.length === 1) return `${league} ${weekdayOf(days[0]!)} Slate, ${formatMediumDate(first.startTime)}`;
  return `${league} Slate, ${formatMediumDate(first.startTime)} – ${formatMediumDate(games[games.length - 1]!.startTime)}`;
}

/** The slate pack's URL: its title and first day ("nfl-week-12-sunday-slate-2025-11-23"). */
export function slatePackUrl(games: SlateGameInput[], kinds: readonly SlatePropKind[] = ["moneyline"]): string {
  const title = slateTitle(games).replace(/,.*$/, "");
  return slugify(`${title.slice(0, 50)} ${kindsLabel(kinds)} ${nyDay(games[0]!.startTime)}`);
}

/** ESPN's spread and total of a game as stored at import (events.odds), each null when ESPN gave none. */
export interface SlateLines {
  /** The home team's spread: negative when the home team is favoured. */
  spread: number | null;
  overUnder: number | null;
}

/** "+3.5", "-7", "PK" (a spread of nothing). */
export function formatLine(line: number): string {
  if (line === 0) return "PK";
  return line > 0 ? `+${line}` : `-${Math.abs(line)}`;
}

const pointsWord = (league: string) => (league === "mlb" ? "runs" : league === "nhl" ? "goals" : "points");

type MadeProp = ReturnType<typeof moneylineProp>;
type LineProp = Omit<MadeProp, "gradingRule" | "gradingParams"> &
  (
    | { gradingRule: "spread"; gradingParams: { team: "home"; line: number; teamSide: "B" } }
    | { gradingRule: "total_over_under"; gradingParams: { line: number; overSide: "A" } }
  );

/**
 * A game's spread prop: side A the away team with its points, side B the home team giving them
 * (ESPN's spread is the home team's). Graded by the `spread` rule on the home team's line, so a
 * push on a whole-number line is a push (src/domain/auto-grade.ts). Without a usable spread, why.
 */
export function spreadProp(game: SlateGameInput, lines: SlateLines | null): LineProp | { skip: string } {
  const spread = lines?.spread ?? null;
  if (spread === null) return { skip: "No spread from ESPN" };
  const params = ZSpreadParams.safeParse({ team: "home", line: spread, teamSide: "B" });
  if (!params.success) return { skip: `ESPN's spread (${spread}) is not a whole or half number` };
  const away = game.away?.name ?? "Away team";
  const home = game.home?.name ?? "Home team";
  const awayShort = `${away.slice(0, 50)} ${formatLine(-spread)}`;
  const homeShort = `${home.slice(0, 50)} ${formatLine(spread)}`;
  return {
    shortLabel: `${matchupTitle(game).slice(0, 100)}: spread`,
    title: `Against the spread: the ${away} ${formatLine(-spread)} or the ${home} ${formatLine(spread)}?`.slice(0, 300),
    sideAShort: awayShort,
    sideBShort: homeShort,
    sideATake: `The ${away} cover ${formatLine(-spread)}`.slice(0, 200),
    sideBTake: `The ${home} cover ${formatLine(spread)}`.slice(0, 200),
    sideAMoneyline: null,
    sideBMoneyline: null,
    sideAValue: sideValue(null),
    sideBValue: sideValue(null),
    closeTime: game.startTime,
    gradingRule: "spread",
    gradingParams: { team: "home", line: spread, teamSide: "B" },
  };
}

/** A game's total prop: side A over ESPN's line, side B under; a whole-number line hit exactly is a push. */
export function totalProp(game: SlateGameInput, lines: SlateLines | null): LineProp | { skip: string } {
  const line = lines?.overUnder ?? null;
  if (line === null) return { skip: "No total from ESPN" };
  const params = ZTotalParams.safeParse({ line, overSide: "A" });
  if (!params.success) return { skip: `ESPN's total (${line}) is not a whole or half number of at least 0` };
  const unit = pointsWord(game.league);
  return {
    shortLabel: `${matchupTitle(game).slice(0, 100)}: total`,
    title: `Over or under ${line} ${unit}, ${matchupTitle(game)}?`.slice(0, 300),
    sideAShort: `Over ${line}`,
    sideBShort: `Under ${line}`,
    sideATake: `Over ${line} ${unit} in ${matchupTitle(game)}`.slice(0, 200),
    sideBTake: `Under ${line} ${unit} in ${matchupTitle(game)}`.slice(0, 200),
    sideAMoneyline: null,
    sideBMoneyline: null,
    sideAValue: sideValue(null),
    sideBValue: sideValue(null),
    closeTime: game.startTime,
    gradingRule: "total_over_under",
    gradingParams: { line, overSide: "A" },
  };
}

/** The fields of a game's "who wins" prop: side A the away team, side B the home team. */
export function moneylineProp(game: SlateGameInput, lines: SlateMoneylines | null) {
  const away = game.away?.name ?? "Away team";
  const home = game.home?.name ?? "Home team";
  return {
    shortLabel: matchupTitle(game),
    title: `Who wins, the ${away} or the ${home}?`,
    sideAShort: away.slice(0, 60),
    sideBShort: home.slice(0, 60),
    sideATake: `The ${away} win`.slice(0, 200),
    sideBTake: `The ${home} win`.slice(0, 200),
    sideAMoneyline: lines?.awayMoneyline ?? null,
    sideBMoneyline: lines?.homeMoneyline ?? null,
    sideAValue: sideValue(lines?.awayMoneyline ?? null),
    sideBValue: sideValue(lines?.homeMoneyline ?? null),
    closeTime: game.startTime,
    gradingRule: "who_wins" as const,
    gradingParams: { homeSide: "B" as const },
  };
}

/** "Create 13 packs with 13 props" / "Create 1 pack with 13 props". */
export function slateConfirmLabel(packs: number, props: number): string {
  return `Create ${packs} ${packs === 1 ? "pack" : "packs"} with ${props} ${props === 1 ? "prop" : "props"}`;
}

/**
 * The warning line over a slate whose games include some that have already started (issue 41
 * item 7): their props would close at once, so they are left unchecked unless the admin checks
 * them. Null when no game has started.
 */
export function startedGamesWarning(games: ReadonlyArray<{ matchup: string; started: boolean; choosable: boolean }>): string | null {
  const started = games.filter((game) => game.started && game.choosable);
  if (started.length === 0) return null;
  const names = started.map((game) => game.matchup).join(", ");
  return started.length === 1
    ? `1 game has already started and is left out unless you check it: ${names}.`
    : `${started.length} games have already started and are left out unless you check them: ${names}.`;
}
