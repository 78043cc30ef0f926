// A game to follow live in the browser tests (issue 37, docs/decisions/053-game-day-live.md):
// ESPN's recorded Buccaneers at Chargers of 2024-12-15 as a game that kicked off twenty minutes
// ago, in a pack closed at kickoff with two rule props, written straight into the database, and
// its scoreboard served by the ESPN replay server at any step (tests/helpers/live-scoreboard.ts).
import { nyDay } from "../../src/domain/time";
import { SITE_PREFIX, type EspnReplayServer } from "./espn-server";
import { scoreboardAt, type LiveStep } from "./live-scoreboard";

export const LIVE_FIXTURE = "scoreboard-nfl-20241215.json";
export const LIVE_GAME = "401671762"; // TB @ LAC

/** Runs a statement on the test's database and gives its rows. */
export type RunSql = <T>(text: string, values?: unknown[]) => Promise<T[]>;

export interface LiveGameRows {
  event: string;
  pack: string;
  whoWins: string;
  total: string;
  /** The replay server's route for the game's day (ESPN files it under New York's day). */
  route: string;
}

/** A score as the score line writes it: "TB 13 @ LAC 17". */
export const scoreText = (score: { home: number; away: number }) => `TB ${score.away} @ LAC ${score.home}`;

/** The Buccaneers at the Chargers, under way since twenty minutes ago, in pack `packURL` closed at kickoff with two rule props. */
export async function createLiveGame(sql: RunSql, packURL: string): Promise<LiveGameRows> {
  const kickoff = new Date(Date.now() - 20 * 60_000);
  const route = `${SITE_PREFIX}/football/nfl/scoreboard?dates=${nyDay(kickoff).replaceAll("-", "")}`;
  const one = async (text: string, values: unknown[]) => (await sql<{ id: string }>(text, values))[0]!.id;
  const team = (espnId: string, abbreviation: string, name: string, location: string) =>
    one(`insert into teams (league, espn_team_id, slug, abbreviation, name, full_name) values ('nfl', $1, $2, $3, $4, $5) returning id`, [
      espnId,
      name.toLowerCase(),
      abbreviation,
      name,
      `${location} ${name}`,
    ]);
  const lac = await team("24", "LAC", "Chargers", "Los Angeles");
  const tb = await team("27", "TB", "Buccaneers", "Tampa Bay");
  const event = await one(
    `insert into events (league, espn_event_id, title, short_name, start_time, home_team_id, away_team_id)
     values ('nfl', $1, 'Tampa Bay Buccaneers at Los Angeles Chargers', 'TB @ LAC', $2, $3, $4) returning id`,
    [LIVE_GAME, kickoff, lac, tb],
  );
  const pack = await one(
    `insert into packs (pack_url, title, league, status, open_time, close_time) values ($1, 'Bucs at Chargers', 'nfl', 'live', $2, $3) returning id`,
    [packURL, new Date(Date.now() - 86_400_000), kickoff],
  );
  await sql("insert into pack_events (pack_id, event_id) values ($1, $2)", [pack, event]);
  const prop = (position: number, label: string, a: [string, string, number], b: [string, string, number], rule: string, params: unknown) =>
    one(
      `insert into props (pack_id, event_id, position, short_label, title, side_a_short, side_a_take, side_a_value, side_b_short, side_b_take, side_b_value,
                          status, grading_rule, grading_params)
       values ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, 'closed', $11, $12) returning id`,
      [pack, event, position, label, ...a, ...b, rule, JSON.stringify(params)],
    );
  const whoWins = await prop(1, "Who wins?", ["LAC", "Chargers win", 180], ["TB", "Buccaneers win", 320], "who_wins", { homeSide: "A" });
  const total = await prop(
    2,
    "Over or under 44.5?",
    ["Over", "Over 44.5 points", 250],
    ["Under", "Under 44.5 points", 250],
    "total_over_under",
    { line: 44.5, overSide: "A" },
  );
  return { event, pack, whoWins, total, route };
}

/** Has the replay server answer the game's scoreboard at `step`; returns the score it now says, for the test to expect. */
export function serveLiveGame(espn: EspnReplayServer, route: string, step: LiveStep): { home: number; away: number } {
  const board = scoreboardAt(LIVE_FIXTURE, step, [LIVE_GAME]) as {
    events: Array<{ id: string; competitions: Array<{ competitors: Array<{ homeAway: string; score: string }> }> }>;
  };
  espn.answer(route, { json: board });
  const sides = board.events.find((event) => event.id === LIVE_GAME)!.competitions[0]!.competitors;
  const score = (homeAway: string) => Number(sides.find((side) => side.homeAway === homeAway)!.score);
  return { home: score("home"), away: score("away") };
}
