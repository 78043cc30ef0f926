// A recorded final scoreboard replayed over time (issue 37, docs/decisions/053-game-day-live.md).
// ESPN recordings exist only of finished (or half-finished) days, so the earlier moments of a
// game are derived from its final: its own competitors, venue and ids, with the status and the
// score it had at that step. In progress, the score is what the recording's own line scores
// (runs per inning, points per quarter) add up to at that moment, so the lead changes when it
// really did; without line scores, the final scaled by the fraction of the game played.
//
//   espn.answer(...scoreboardAnswer("scoreboard-nfl-20241215.json", { state: "in_progress", fraction: 0.6 }))
//
// Only the games listed in `only` are moved (default: every game of the day); the rest are as
// recorded. The replay server counts every request in `requests`.
import { DEFAULT_ESPN_ROUTES, readFixture, SITE_PREFIX, type ReplayAnswer } from "./espn-server";

/** A moment of a game, from before its start to its final. */
export type LiveStep =
  /** Before the start: state "pre", period 0, no line scores, scores "0". */
  | { state: "scheduled" }
  /** Under way: `fraction` (0 < f < 1) of regulation played; football's clock runs down each quarter, baseball goes Top/Bot. */
  | { state: "in_progress"; fraction: number; scores?: { home: number; away: number } }
  /** Football's halftime: both first-half quarters scored, STATUS_HALFTIME. */
  | { state: "halftime" }
  /** A rain delay: at `fraction` of the game (0 = before the first pitch, period 0). */
  | { state: "delayed"; fraction: number }
  /** The recording as it is. */
  | { state: "final" };

interface Linescore {
  value?: number;
  period?: number;
}
interface Competitor {
  homeAway: string;
  score?: string | number;
  winner?: boolean;
  linescores?: Linescore[];
}
interface Competition {
  date?: string;
  status?: unknown;
  competitors: Competitor[];
}
interface Event {
  id: string;
  date: string;
  status?: unknown;
  competitions: Competition[];
}

const ORDINAL = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
const QUARTER_SECONDS = 15 * 60;

const status = (name: string, state: string, period: number, displayClock: string, detail: string, shortDetail = detail) => ({
  clock: 0,
  displayClock,
  period,
  type: { name, state, completed: false, description: detail, detail, shortDetail },
});

/** Points scored in the first `periods` whole periods, plus `part` of the next one (rounded down). */
function pointsThrough(competitor: Competitor, periods: number, part = 0): number | null {
  const lines = competitor.linescores;
  if (!lines?.length) return null;
  const value = (index: number) => lines[index]?.value ?? 0;
  let total = 0;
  for (let index = 0; index < periods; index++) total += value(index);
  return total + Math.floor(value(periods) * part);
}

const finalScore = (competitor: Competitor) => Number(competitor.score ?? 0);

/** One game at one step; `league` from the route (football or baseball). */
function gameAt(event: Event, step: LiveStep, football: boolean): void {
  const competition = event.competitions[0]!;
  const sides = competition.competitors;
  const setScores = (score: (competitor: Competitor) => number) => {
    for (const competitor of sides) {
      competitor.score = String(score(competitor));
      delete competitor.winner;
    }
  };
  let next: unknown;
  switch (step.state) {
    case "final":
      return;
    case "scheduled": {
      const start = new Date(competition.date ?? event.date);
      // ESPN's words for a game not started: "12/15 - 8:20 PM EST".
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }).formatToParts(start);
      const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
      next = status(
        "STATUS_SCHEDULED",
        "pre",
        0,
        "0:00",
        `${part("month")}/${part("day")} - ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`,
      );
      setScores(() => 0);
      for (const competitor of sides) delete competitor.linescores;
      break;
    }
    case "halftime": {
      if (!football) throw new Error("baseball has no halftime");
      next = status("STATUS_HALFTIME", "in", 2, "0:00", "Halftime");
      setScores((competitor) => pointsThrough(competitor, 2) ?? Math.floor(finalScore(competitor) / 2));
      break;
    }
    case "in_progress":
    case "delayed": {
      const fraction = Math.min(Math.max(step.fraction, 0), 0.999);
      if (step.state === "delayed" && fraction === 0) {
        next = status("STATUS_RAIN_DELAY", "in", 0, "0:00", "Rain Delay");
        setScores(() => 0);
        break;
      }
      if (football) {
        const elapsed = fraction * 4 * QUARTER_SECONDS;
        const quarter = Math.floor(elapsed / QUARTER_SECONDS);
        const inQuarter = elapsed - quarter * QUARTER_SECONDS;
        const left = Math.max(1, Math.round(QUARTER_SECONDS - inQuarter));
        const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
        const period = quarter + 1;
        next =
          step.state === "delayed"
            ? status("STATUS_WEATHER_DELAY", "in", period, clock, "Weather Delay")
            : status("STATUS_IN_PROGRESS", "in", period, clock, `${clock} - ${ORDINAL(period)} Quarter`, `${clock} - ${ORDINAL(period)}`);
        setScores(
          (competitor) => pointsThrough(competitor, quarter, inQuarter / QUARTER_SECONDS) ?? Math.floor(finalScore(competitor) * fraction),
        );
      } else {
        // Eighteen half-innings: the away side bats in the top, the home side in the bottom.
        const half = Math.floor(fraction * 18);
        const inning = Math.floor(half / 2) + 1;
        const bottom = half % 2 === 1;
        const words = `${bottom ? "Bottom" : "Top"} ${ORDINAL(inning)}`;
        next =
          step.state === "delayed"
            ? status("STATUS_RAIN_DELAY", "in", inning, "0:00", "Rain Delay")
            : status("STATUS_IN_PROGRESS", "in", inning, "0:00", words, `${bottom ? "Bot" : "Top"} ${ORDINAL(inning)}`);
        setScores((competitor) => {
          const innings = competitor.homeAway === "away" && bottom ? inning : inning - 1;
          return pointsThrough(competitor, innings) ?? Math.floor(finalScore(competitor) * fraction);
        });
      }
      if (step.state === "in_progress" && step.scores) {
        const scores = step.scores;
        setScores((competitor) => (competitor.homeAway === "home" ? scores.home : scores.away));
      }
      break;
    }
  }
  competition.status = next;
  event.status = next;
}

/**
 * The recorded scoreboard `fixture` (a file in fixtures/espn/) at `step`, for the games in `only`
 * (ESPN ids; default every game). A fresh copy each call.
 */
export function scoreboardAt(fixture: string, step: LiveStep, only?: string[]): unknown {
  const board = structuredClone(readFixture(fixture)) as { events: Event[] };
  const football = routeOf(fixture).includes("/football/");
  for (const event of board.events) if (!only || only.includes(event.id)) gameAt(event, step, football);
  return board;
}

/** The replay server's route for a recorded scoreboard (as DEFAULT_ESPN_ROUTES lists it). */
export function routeOf(fixture: string): string {
  const route = Object.entries(DEFAULT_ESPN_ROUTES).find(([, file]) => file === fixture)?.[0];
  if (!route?.startsWith(SITE_PREFIX)) throw new Error(`no scoreboard route for ${fixture}`);
  return route;
}

/** Arguments for `espn.answer(...)`: that scoreboard's route answered with the game(s) at `step`. */
export function scoreboardAnswer(fixture: string, step: LiveStep, only?: string[]): [string, ReplayAnswer] {
  return [routeOf(fixture), { json: scoreboardAt(fixture, step, only) }];
}
