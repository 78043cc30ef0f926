import "server-only";
import type { League } from "@/config";
import type { EVENT_STATUSES } from "../schema";
import { type Clock, MINUTE, dayAt, laterToday, roundToFiveMinutes } from "./clock";
import type { TeamRow } from "./rows";

// The demo week's games, as a table of plans placed on the demo clock.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

type EventStatus = (typeof EVENT_STATUSES)[number];

export interface GamePlan {
  league: League;
  away: string;
  home: string;
  start: (clock: Clock) => Date;
  status: EventStatus;
  statusDetail?: string;
  score?: { home: number; away: number };
  moneyline: { home: number; away: number };
  overUnder: number;
  venue: string;
  records: { home: string; away: string };
  /** NFL only; the demo world is always in week 12, with next week's games in week 13. */
  week?: number;
}

// The demo week as players see it: finals from the last three days, one game
// under way, games later today, tomorrow and next week. Kept as a compact table.
// prettier-ignore
export const GAME_PLANS = {
  cowboysAtEagles: {
    league: "nfl", away: "DAL", home: "PHI", week: 12,
    start: (c) => dayAt(c, -2, 20, 20),
    status: "final", statusDetail: "Final", score: { home: 27, away: 20 },
    moneyline: { home: -150, away: 130 }, overUnder: 47.5,
    venue: "Lincoln Financial Field", records: { home: "9-2", away: "6-5" },
  },
  billsAtChiefs: {
    league: "nfl", away: "BUF", home: "KC", week: 12,
    start: (c) => dayAt(c, -1, 16, 25),
    status: "final", statusDetail: "Final", score: { home: 24, away: 27 },
    moneyline: { home: -120, away: 100 }, overUnder: 51.5,
    venue: "GEHA Field at Arrowhead Stadium", records: { home: "8-3", away: "9-2" },
  },
  packersAt49ers: {
    league: "nfl", away: "GB", home: "SF", week: 12,
    start: (c) => roundToFiveMinutes(c.now.getTime() - 75 * MINUTE, "down"),
    status: "in_progress", statusDetail: "2nd Quarter", score: { home: 14, away: 10 },
    moneyline: { home: -180, away: 155 }, overUnder: 44.5,
    venue: "Levi's Stadium", records: { home: "7-4", away: "7-4" },
  },
  giantsAtCommanders: {
    league: "nfl", away: "NYG", home: "WSH", week: 12,
    // Drives the "closing soon" pack: kickoff (and so the pack's close) under two hours away.
    start: (c) => roundToFiveMinutes(c.now.getTime() + 100 * MINUTE, "up"),
    status: "scheduled",
    moneyline: { home: -250, away: 205 }, overUnder: 43.5,
    venue: "Northwest Stadium", records: { home: "8-3", away: "3-8" },
  },
  ravensAtSteelers: {
    league: "nfl", away: "BAL", home: "PIT", week: 12,
    start: (c) => dayAt(c, 1, 13, 0),
    status: "scheduled",
    moneyline: { home: 140, away: -165 }, overUnder: 41.5,
    venue: "Acrisure Stadium", records: { home: "7-4", away: "8-3" },
  },
  lionsAtBears: {
    league: "nfl", away: "DET", home: "CHI", week: 12,
    start: (c) => dayAt(c, 1, 16, 25),
    status: "scheduled",
    moneyline: { home: 230, away: -280 }, overUnder: 48.5,
    venue: "Soldier Field", records: { home: "4-7", away: "10-1" },
  },
  commandersAtEagles: {
    league: "nfl", away: "WSH", home: "PHI", week: 13,
    start: (c) => dayAt(c, 7, 20, 20),
    status: "scheduled",
    moneyline: { home: -200, away: 170 }, overUnder: 46.5,
    venue: "Lincoln Financial Field", records: { home: "10-2", away: "8-4" },
  },
  dolphinsAtJets: {
    league: "nfl", away: "MIA", home: "NYJ", week: 13,
    start: (c) => dayAt(c, 8, 13, 0),
    status: "scheduled",
    moneyline: { home: 110, away: -130 }, overUnder: 40.5,
    venue: "MetLife Stadium", records: { home: "4-8", away: "5-7" },
  },
  redSoxAtYankees: {
    league: "mlb", away: "BOS", home: "NYY",
    start: (c) => dayAt(c, -3, 19, 5),
    status: "final", statusDetail: "Final", score: { home: 5, away: 3 },
    moneyline: { home: -145, away: 125 }, overUnder: 8.5,
    venue: "Yankee Stadium", records: { home: "88-60", away: "80-68" },
  },
  cubsAtWhiteSox: {
    league: "mlb", away: "CHC", home: "CHW",
    start: (c) => dayAt(c, -3, 20, 10),
    status: "postponed", statusDetail: "Postponed (rain)",
    moneyline: { home: 150, away: -175 }, overUnder: 9,
    venue: "Rate Field", records: { home: "55-93", away: "83-65" },
  },
  athleticsAtMariners: {
    league: "mlb", away: "ATH", home: "SEA",
    start: (c) => dayAt(c, -2, 21, 40),
    status: "final", statusDetail: "Final", score: { home: 2, away: 4 },
    moneyline: { home: -130, away: 110 }, overUnder: 7.5,
    venue: "T-Mobile Park", records: { home: "81-67", away: "70-78" },
  },
  metsAtPhilliesYesterday: {
    league: "mlb", away: "NYM", home: "PHI",
    start: (c) => dayAt(c, -1, 18, 45),
    status: "final", statusDetail: "Final", score: { home: 6, away: 2 },
    moneyline: { home: -140, away: 120 }, overUnder: 8.5,
    venue: "Citizens Bank Park", records: { home: "86-62", away: "79-69" },
  },
  metsAtPhilliesTonight: {
    league: "mlb", away: "NYM", home: "PHI",
    start: (c) => laterToday(c, 18, 45),
    status: "scheduled",
    moneyline: { home: -135, away: 115 }, overUnder: 8.5,
    venue: "Citizens Bank Park", records: { home: "87-62", away: "79-70" },
  },
  dodgersAtGiants: {
    league: "mlb", away: "LAD", home: "SF",
    start: (c) => dayAt(c, 1, 21, 45),
    status: "scheduled",
    moneyline: { home: 135, away: -155 }, overUnder: 8,
    venue: "Oracle Park", records: { home: "74-75", away: "87-62" },
  },
  astrosAtMariners: {
    league: "mlb", away: "HOU", home: "SEA",
    start: (c) => dayAt(c, 6, 21, 40),
    status: "scheduled",
    moneyline: { home: -110, away: -110 }, overUnder: 7.5,
    venue: "T-Mobile Park", records: { home: "82-68", away: "81-69" },
  },
} satisfies Record<string, GamePlan>;
export type GameKey = keyof typeof GAME_PLANS;

export interface Game extends GamePlan {
  key: GameKey;
  id: string;
  startTime: Date;
  homeTeam: TeamRow;
  awayTeam: TeamRow;
  title: string;
  shortName: string;
}
