import { readFixture } from "./espn-server";

// A real NFL Sunday, replayed on another date: ESPN's recorded scoreboard of 2024-12-15 (13 games,
// every one final; fixtures/espn/scoreboard-nfl-20241215.json) moved by whole weeks to `sunday`,
// either as it was before kickoff (every game scheduled, no score) or as it ended (ESPN's real
// finals). Tests use it to play a whole Sunday from the schedule to the results.

const RECORDED_SUNDAY = "2024-12-15";
const DAY_MS = 86_400_000;

type Json = Record<string, unknown>;

const SCHEDULED = {
  clock: 0,
  displayClock: "0:00",
  period: 0,
  type: {
    id: "1",
    name: "STATUS_SCHEDULED",
    state: "pre",
    completed: false,
    description: "Scheduled",
    detail: "Scheduled",
    shortDetail: "Scheduled",
  },
};

function shift(iso: unknown, ms: number): unknown {
  if (typeof iso !== "string") return iso;
  return new Date(new Date(iso).getTime() + ms).toISOString().replace(/:00\.000Z$/, "Z");
}

/** The Sunday `weeks` weeks from the one on or after `from` (New York days are close enough: kickoffs are afternoons). */
export function sundayAfter(from: Date, weeks = 0): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7) + 7 * weeks);
  return day.toISOString().slice(0, 10);
}

/**
 * The recorded Sunday moved to `sunday` (a YYYY-MM-DD Sunday), filed under `season` and `week`.
 * "scheduled": every game before kickoff; "final": every game as ESPN recorded its end.
 */
export function replaySunday(options: { sunday: string; phase: "scheduled" | "final"; season: number; week: number }): Json {
  const ms = Date.parse(`${options.sunday}T00:00:00Z`) - Date.parse(`${RECORDED_SUNDAY}T00:00:00Z`);
  if (ms % (7 * DAY_MS) !== 0) throw new Error(`${options.sunday} is not a Sunday`);
  const board = structuredClone(readFixture("scoreboard-nfl-20241215.json")) as Json & { events: Json[] };
  board.season = { type: 2, year: options.season };
  board.week = { number: options.week };
  for (const event of board.events) {
    event.date = shift(event.date, ms);
    event.season = { year: options.season, type: 2, slug: "regular-season" };
    event.week = { number: options.week };
    for (const competition of event.competitions as Json[]) {
      competition.date = shift(competition.date, ms);
      competition.startDate = shift(competition.startDate, ms);
      if (options.phase === "scheduled") {
        competition.status = { ...SCHEDULED, isTBDFlex: false };
        for (const side of competition.competitors as Json[]) {
          side.score = "0";
          side.winner = undefined;
          side.linescores = undefined;
        }
      }
    }
    if (options.phase === "scheduled") event.status = structuredClone(SCHEDULED);
  }
  return board;
}

/** The recorded finals, by away @ home abbreviation: which side won ("away" or "home"). */
export function recordedWinners(): Map<string, "away" | "home"> {
  const board = readFixture("scoreboard-nfl-20241215.json") as {
    events: Array<{ shortName: string; competitions: Array<{ competitors: Array<{ homeAway: string; score: string }> }> }>;
  };
  return new Map(
    board.events.map((event) => {
      const [a, b] = event.competitions[0]!.competitors;
      const home = a!.homeAway === "home" ? a! : b!;
      const away = a!.homeAway === "home" ? b! : a!;
      return [event.shortName, Number(away.score) > Number(home.score) ? "away" : "home"];
    }),
  );
}

/**
 * ESPN's recorded week 1 of 2025 (fixtures/espn/scoreboard-nfl-2025-week1.json: 16 games, every one
 * scheduled, no finals: Thursday, Friday in São Paulo, 13 on Sunday 2025-09-07 with the Sunday night
 * game, and the Monday night game) moved by whole weeks so its Sunday is `sunday`, filed under
 * `season` and `week`. The commissioner's Sunday of 14 games (Sunday and Monday night) comes from it.
 */
export function replayWeekOne(options: { sunday: string; season: number; week: number }): Json {
  const ms = Date.parse(`${options.sunday}T00:00:00Z`) - Date.parse("2025-09-07T00:00:00Z");
  if (ms % (7 * DAY_MS) !== 0) throw new Error(`${options.sunday} is not a Sunday`);
  const board = structuredClone(readFixture("scoreboard-nfl-2025-week1.json")) as Json & { events: Json[] };
  board.season = { type: 2, year: options.season };
  board.week = { number: options.week };
  for (const event of board.events) {
    event.date = shift(event.date, ms);
    event.season = { year: options.season, type: 2, slug: "regular-season" };
    event.week = { number: options.week };
    for (const competition of event.competitions as Json[]) {
      competition.date = shift(competition.date, ms);
      competition.startDate = shift(competition.startDate, ms);
    }
  }
  return board;
}

/**
 * ESPN's recorded MLB day of 2025-05-17 (fixtures/espn/scoreboard-mlb-20250517.json: 15 games,
 * every one final, one in extra innings) moved by whole days to `day` (YYYY-MM-DD), either before
 * the first pitch (every game scheduled, no score) or as it ended (ESPN's real finals).
 */
export function replayMlbDay(options: { day: string; phase: "scheduled" | "final" }): Json {
  const ms = Date.parse(`${options.day}T00:00:00Z`) - Date.parse("2025-05-17T00:00:00Z");
  const board = structuredClone(readFixture("scoreboard-mlb-20250517.json")) as Json & { events: Json[]; day?: Json };
  if (board.day) board.day = { date: options.day };
  for (const event of board.events) {
    event.date = shift(event.date, ms);
    for (const competition of event.competitions as Json[]) {
      competition.date = shift(competition.date, ms);
      competition.startDate = shift(competition.startDate, ms);
      if (options.phase === "scheduled") {
        competition.status = { ...SCHEDULED };
        for (const side of competition.competitors as Json[]) {
          side.score = "0";
          side.winner = undefined;
          side.linescores = undefined;
        }
      }
    }
    if (options.phase === "scheduled") event.status = structuredClone(SCHEDULED);
  }
  return board;
}

/** The recorded MLB finals of 2025-05-17 in ESPN's order: the abbreviations, scores and which side won. */
export function recordedMlbFinals(): Array<{ away: string; home: string; awayScore: number; homeScore: number }> {
  const board = readFixture("scoreboard-mlb-20250517.json") as {
    events: Array<{ competitions: Array<{ competitors: Array<{ homeAway: string; score: string; team: { abbreviation: string } }> }> }>;
  };
  return board.events.map((event) => {
    const sides = event.competitions[0]!.competitors;
    const home = sides.find((side) => side.homeAway === "home")!;
    const away = sides.find((side) => side.homeAway === "away")!;
    return { away: away.team.abbreviation, home: home.team.abbreviation, awayScore: Number(away.score), homeScore: Number(home.score) };
  });
}
