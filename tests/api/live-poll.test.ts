// The live poller (issue 37, docs/decisions/053-game-day-live.md) on the recorded NFL Sunday of
// 2024-12-15 and MLB day of 2025-06-04, replayed over time by the ESPN test server
// (tests/helpers/live-scoreboard.ts): what a fan notices (scores, state, versions and notices on
// takes_live, grades at the final) and what the worker costs ESPN (requests counted at the server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchTeams } from "@/app/api/admin/fetchTeams/route";
import { LIVE_CHANNEL, type LiveNotice } from "@/domain/live";
import { getDb, type DbHandle } from "@/server/db/client";
import { autoGradeAttempts, events, livePolls, packs, props, receipts, takes, teams, tokenLedger } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { getEspnClient } from "@/server/integrations/espn/client";
import { runAutoGrade } from "@/server/jobs/auto-grade";
import { readAdminLivePanel } from "@/server/live/admin-live-panel";
import { runLivePoll } from "@/server/live/poll-live-games";
import { PERIODIC_TASKS } from "@/server/jobs/tasks";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";
import { scoreboardAnswer } from "../helpers/live-scoreboard";

const NFL = "scoreboard-nfl-20241215.json";
const MLB = "scoreboard-mlb-20250604.json";
const NFL_BOARD = "/apis/site/v2/sports/football/nfl/scoreboard?dates=20241215";
const MLB_BOARD = "/apis/site/v2/sports/baseball/mlb/scoreboard?dates=20250604";
const TB_LAC = "401671762";
const PIT_PHI = "401671766";
const GB_SEA = "401671796";
const BUF_DET = "401671681";
const POLL_MS = 30_000;
const VALUE_A = 200;
const VALUE_B = 300;

let handle: DbHandle & { url?: string };
let espn: EspnReplayServer;
let admin: TestProfile;
let pickerA: TestProfile;
let pickerB: TestProfile;
const propIds: Record<string, string> = {};
const eventIds: Record<string, string> = {};
let listener: { notices: LiveNotice[]; close(): Promise<void> };

const at = (iso: string) => new Date(iso);
const poll = (now: string) => runLivePoll({ gradeProp, now: at(now), pollMs: POLL_MS });
const scoreboardRequests = () => espn.requests.filter((request) => request.includes("/scoreboard?")).length;

/** LISTEN on takes_live as a web instance would: a separate pg client on PostgreSQL, the PGlite client's own listen there. */
async function listenLive(): Promise<typeof listener> {
  const notices: LiveNotice[] = [];
  if (testDbKind() === "postgres") {
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    client.on("notification", (message) => notices.push(JSON.parse(message.payload!) as LiveNotice));
    await client.query(`listen ${LIVE_CHANNEL}`);
    return { notices, close: () => client.end() };
  }
  const pglite = (handle.db as unknown as { $client: PGlite }).$client;
  const unlisten = await pglite.listen(LIVE_CHANNEL, (payload) => notices.push(JSON.parse(payload) as LiveNotice));
  return { notices, close: () => unlisten() };
}

async function teamId(league: "nfl" | "mlb", abbreviation: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.league, league), eq(teams.abbreviation, abbreviation)));
  return row!.id;
}

async function eventOf(espnEventId: string) {
  const db = await getDb();
  const [row] = await db.select().from(events).where(eq(events.espnEventId, espnEventId));
  return row!;
}

/** A pack with rule props on the given games; pickerA took side A of each, pickerB side B. */
async function packWith(
  packUrl: string,
  league: "nfl" | "mlb",
  status: "live" | "draft",
  specs: Array<{ key: string; event: string; rule: string | null; params?: unknown }>,
) {
  const db = await getDb();
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl,
      title: packUrl,
      league,
      status,
      openTime: new Date("2024-01-01T00:00:00Z"),
      closeTime: new Date("2024-12-15T18:00:00Z"),
    })
    .returning();
  for (const [position, spec] of specs.entries()) {
    const [prop] = await db
      .insert(props)
      .values({
        packId: pack!.id,
        eventId: eventIds[spec.event] ?? (await eventOf(spec.event)).id,
        position,
        shortLabel: spec.key,
        title: spec.key,
        sideAShort: "A",
        sideBShort: "B",
        sideATake: "Side A",
        sideBTake: "Side B",
        sideAValue: VALUE_A,
        sideBValue: VALUE_B,
        gradingRule: spec.rule,
        gradingParams: spec.params ?? null,
      })
      .returning();
    propIds[spec.key] = prop!.id;
  }
  if (status === "draft") return;
  for (const [player, side] of [
    [pickerA, "A"],
    [pickerB, "B"],
  ] as const) {
    const receiptId = `lp${side}${packUrl.replaceAll("-", "")}`.slice(0, 32);
    await db.insert(receipts).values({ id: receiptId, profileId: player.id, packId: pack!.id, idempotencyKey: receiptId });
    for (const spec of specs) {
      await db.insert(takes).values({
        profileId: player.id,
        propId: propIds[spec.key]!,
        packId: pack!.id,
        receiptId,
        side,
        lockedValue: side === "A" ? VALUE_A : VALUE_B,
      });
    }
  }
}

const propState = async (key: string) => {
  const db = await getDb();
  const [row] = await db.select({ status: props.status, resultText: props.resultText }).from(props).where(eq(props.id, propIds[key]!));
  return row!;
};

beforeAll(async () => {
  handle = await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  pickerA = await createProfile();
  pickerB = await createProfile();
  for (const league of ["nfl", "mlb"]) {
    await fetchTeams(await apiRequest("/api/admin/fetchTeams", { body: { league }, as: admin }), routeParams({}));
  }
  // The NFL Sunday as an admin would have added its games before kickoff (scheduled, no score).
  const db = await getDb();
  const games: Array<[string, string, string, string]> = [
    [TB_LAC, "2024-12-15T21:25:00Z", "LAC", "TB"],
    [PIT_PHI, "2024-12-15T21:25:00Z", "PHI", "PIT"],
    [BUF_DET, "2024-12-15T21:25:00Z", "DET", "BUF"],
    // Sunday Night Football: 8:20 PM ET on the 15th is 01:20 UTC on the 16th, on the 15th's scoreboard.
    [GB_SEA, "2024-12-16T01:20:00Z", "SEA", "GB"],
  ];
  for (const [espnEventId, start, home, away] of games) {
    const [row] = await db
      .insert(events)
      .values({
        league: "nfl",
        espnEventId,
        title: `${away} at ${home}`,
        shortName: `${away} @ ${home}`,
        startTime: new Date(start),
        homeTeamId: await teamId("nfl", home),
        awayTeamId: await teamId("nfl", away),
      })
      .returning({ id: events.id });
    eventIds[espnEventId] = row!.id;
  }
  await packWith("lp-sunday", "nfl", "live", [
    { key: "lac+3.5-A", event: TB_LAC, rule: "spread", params: { team: "home", line: 3.5, teamSide: "A" } },
    { key: "tb-lac-over-50.5-A", event: TB_LAC, rule: "total_over_under", params: { line: 50.5, overSide: "A" } },
    { key: "first-td-by-a-rookie", event: TB_LAC, rule: null },
    { key: "phi-wins-A", event: PIT_PHI, rule: "who_wins", params: { homeSide: "A" } },
    { key: "sea-wins-A", event: GB_SEA, rule: "who_wins", params: { homeSide: "A" } },
  ]);
  // BUF @ DET is on an unpublished draft only: no fan sees it, so it is never polled.
  await packWith("lp-draft", "nfl", "draft", [{ key: "det-wins-draft", event: BUF_DET, rule: "who_wins", params: { homeSide: "A" } }]);
  listener = await listenLive();
  espn.reset();
});

afterAll(async () => {
  await listener?.close();
  await espn.close();
  await closeTestDb();
});

describe("the live poller on an NFL Sunday", () => {
  it("is a periodic task of the worker, every LIVE_POLL_MS", () => {
    const task = PERIODIC_TASKS.find((entry) => entry.name === "live-poll");
    expect(task?.everyMs).toBe(30_000);
  });

  it("makes no request to ESPN while no game is in its live window, and writes nothing", async () => {
    const report = await poll("2024-12-15T20:00:00Z");
    expect(report).toMatchObject({ liveGames: 0, reads: [], changed: [] });
    expect(espn.requests).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(livePolls)).toEqual([]);
    expect(listener.notices).toEqual([]);
  });

  it("reads the day's scoreboard once for all its games in their window (15 minutes before kickoff) and stores them as scheduled", async () => {
    espn.answer(...scoreboardAnswer(NFL, { state: "scheduled" }, [TB_LAC, PIT_PHI, BUF_DET]));
    const report = await poll("2024-12-15T21:15:00Z");
    expect(espn.requests).toEqual([NFL_BOARD]);
    expect(report.liveGames).toBe(2);
    expect(report.reads).toEqual([{ league: "nfl", day: "20241215", ok: true, gamesRead: 2, changed: 2 }]);
    expect(await eventOf(TB_LAC)).toMatchObject({
      status: "scheduled",
      liveState: "scheduled",
      homeScore: null,
      awayScore: null,
      scoreReadAt: at("2024-12-15T21:15:00Z"),
    });
    expect((await eventOf(TB_LAC)).liveVersion).toEqual(expect.any(Number));
    // The draft's game and the night game (not yet in its window) were not touched.
    expect(await eventOf(BUF_DET)).toMatchObject({ liveState: null, liveVersion: null });
    expect(await eventOf(GB_SEA)).toMatchObject({ liveState: null, scoreReadAt: null });
  });

  it("an unchanged reading keeps each game's version, and tells listeners only that the league was read", async () => {
    const before = (await eventOf(TB_LAC)).liveVersion;
    await expect.poll(() => listener.notices.length).toBe(3);
    listener.notices.length = 0;
    const report = await poll("2024-12-15T21:15:30Z");
    expect(scoreboardRequests()).toBe(2);
    expect(report.changed).toEqual([]);
    const game = await eventOf(TB_LAC);
    expect(game.liveVersion).toBe(before);
    expect(game.scoreReadAt).toEqual(at("2024-12-15T21:15:30Z"));
    await expect.poll(() => listener.notices).toEqual([{ kind: "poll", league: "nfl", readAt: "2024-12-15T21:15:30.000Z" }]);
  });

  it("a score change bumps the game's version and notifies takes_live with the game and that version", async () => {
    listener.notices.length = 0;
    const before = (await eventOf(TB_LAC)).liveVersion!;
    espn.answer(...scoreboardAnswer(NFL, { state: "in_progress", fraction: 0.3 }, [TB_LAC, PIT_PHI]));
    const report = await poll("2024-12-15T22:00:00Z");
    expect(scoreboardRequests()).toBe(3);
    const game = await eventOf(TB_LAC);
    expect(game).toMatchObject({
      status: "in_progress",
      liveState: "in_progress",
      period: 2,
      clock: "12:00",
      statusDetail: "12:00 - 2nd Quarter",
      awayScore: 8,
      homeScore: 9,
    });
    expect(game.liveVersion).toBeGreaterThan(before);
    expect(await eventOf(PIT_PHI)).toMatchObject({ liveState: "in_progress", awayScore: 5, homeScore: 11 });
    const phi = (await eventOf(PIT_PHI)).liveVersion!;
    expect(report.changed).toEqual(
      expect.arrayContaining([
        { eventId: eventIds[TB_LAC], version: game.liveVersion },
        { eventId: eventIds[PIT_PHI], version: phi },
      ]),
    );
    await expect.poll(() => listener.notices.length).toBe(3);
    expect(listener.notices).toEqual(
      expect.arrayContaining([
        { kind: "game", eventId: eventIds[TB_LAC], version: game.liveVersion },
        { kind: "game", eventId: eventIds[PIT_PHI], version: phi },
        { kind: "poll", league: "nfl", readAt: "2024-12-15T22:00:00.000Z" },
      ]),
    );
    // One order across games: the versions come from one sequence.
    expect(game.liveVersion).not.toBe(phi);
  });

  it("reads football's halftime and a weather delay as a fan would say them", async () => {
    espn.answer(...scoreboardAnswer(NFL, { state: "halftime" }, [TB_LAC, PIT_PHI]));
    await poll("2024-12-15T22:45:00Z");
    expect(await eventOf(TB_LAC)).toMatchObject({
      status: "in_progress",
      liveState: "halftime",
      period: 2,
      clock: null,
      statusDetail: "Halftime",
      awayScore: 13,
      homeScore: 17,
    });
    espn.answer(...scoreboardAnswer(NFL, { state: "delayed", fraction: 0.6 }, [TB_LAC, PIT_PHI]));
    await poll("2024-12-15T23:05:00Z");
    expect(await eventOf(TB_LAC)).toMatchObject({
      status: "in_progress",
      liveState: "delayed",
      period: 3,
      statusDetail: "Weather Delay",
      awayScore: 19,
      homeScore: 17,
    });
    expect(scoreboardRequests()).toBe(5);
  });

  it("the admin's live panel lists each game in play with its reading and the props its final will grade, and the last poll", async () => {
    const panel = await readAdminLivePanel({ now: at("2024-12-15T23:05:20Z") });
    expect(panel.games).toEqual([
      expect.objectContaining({ eventId: eventIds[PIT_PHI], matchup: "PIT @ PHI", propsToGrade: { count: 1, labels: ["phi-wins-A"] } }),
      expect.objectContaining({
        eventId: eventIds[TB_LAC],
        matchup: "TB @ LAC",
        state: "delayed",
        detail: "Weather Delay",
        awayScore: 19,
        homeScore: 17,
        readAt: "2024-12-15T23:05:00.000Z",
        // The prop without a rule is graded by hand, so it is not counted.
        propsToGrade: { count: 2, labels: ["lac+3.5-A", "tb-lac-over-50.5-A"] },
      }),
    ]);
    expect(panel.polls).toEqual([
      {
        league: "nfl",
        day: "20241215",
        lastReadAt: "2024-12-15T23:05:00.000Z",
        lastError: null,
        lastErrorAt: null,
        failures: 0,
        nextPollAt: null,
      },
    ]);
  });

  it("after ESPN answers 500 the league-day waits out a growing backoff, asks again after it, and the panel says why", async () => {
    espn.answer(NFL_BOARD, { status: 500, json: { error: "upstream" } });
    const failed = await poll("2024-12-15T23:10:00Z");
    expect(failed.reads).toEqual([{ league: "nfl", day: "20241215", ok: false, error: "upstream answered 500", gamesRead: 0, changed: 0 }]);
    // One request: the poller does not retry within a run; the backoff is its retry.
    expect(scoreboardRequests()).toBe(6);
    // Inside the backoff (twice the interval after one failure): no request at all.
    const waiting = await poll("2024-12-15T23:10:30Z");
    expect(waiting.waiting).toEqual([{ league: "nfl", day: "20241215", nextPollAt: "2024-12-15T23:11:00.000Z" }]);
    expect(scoreboardRequests()).toBe(6);
    // After it: asked again; a second failure doubles the wait.
    await poll("2024-12-15T23:11:01Z");
    expect(scoreboardRequests()).toBe(7);
    const panel = await readAdminLivePanel({ now: at("2024-12-15T23:11:10Z") });
    expect(panel.polls[0]).toEqual({
      league: "nfl",
      day: "20241215",
      lastReadAt: "2024-12-15T23:05:00.000Z",
      lastError: "upstream answered 500",
      lastErrorAt: "2024-12-15T23:11:01.000Z",
      failures: 2,
      nextPollAt: "2024-12-15T23:13:01.000Z",
    });
    // The games keep their last reading meanwhile.
    expect(await eventOf(TB_LAC)).toMatchObject({ liveState: "delayed", scoreReadAt: at("2024-12-15T23:05:00Z") });
  });

  it("a final read grades the game's rule props in the same run, pays the takes, and asks ESPN for no summary", async () => {
    espn.answer(NFL_BOARD, { fixture: NFL });
    const report = await poll("2024-12-15T23:13:05Z");
    expect(scoreboardRequests()).toBe(8);
    expect(espn.requests.filter((request) => request.includes("/summary?"))).toEqual([]);
    expect(report.graded).toBe(3);
    // Exactly as the five-minute auto-grade grades them from the same scoreboard.
    expect(await propState("lac+3.5-A")).toEqual({ status: "gradedB", resultText: "TB 40 @ LAC 17" });
    expect(await propState("tb-lac-over-50.5-A")).toEqual({ status: "gradedA", resultText: "TB 40 @ LAC 17" });
    expect(await propState("phi-wins-A")).toEqual({ status: "gradedA", resultText: "PIT 13 @ PHI 27" });
    expect((await propState("first-td-by-a-rookie")).status).toBe("open");
    expect(await eventOf(TB_LAC)).toMatchObject({
      status: "final",
      liveState: "final",
      statusDetail: "Final",
      awayScore: 40,
      homeScore: 17,
      period: 4,
      clock: null,
    });
    const db = await getDb();
    const entries = await db
      .select({ profileId: tokenLedger.profileId, amountCents: tokenLedger.amountCents })
      .from(tokenLedger)
      .where(inArray(tokenLedger.profileId, [pickerA.id, pickerB.id]));
    const total = (player: TestProfile) =>
      entries.filter((entry) => entry.profileId === player.id).reduce((sum, entry) => sum + entry.amountCents, 0);
    // Side A won the total and PHI; side B won the spread. 200 points pay 10.00 diamonds, 300 pay 15.00.
    expect(total(pickerA)).toBe(2 * VALUE_A * 5);
    expect(total(pickerB)).toBe(1 * VALUE_B * 5);
    const [log] = await db
      .select({ reason: autoGradeAttempts.reason })
      .from(autoGradeAttempts)
      .where(eq(autoGradeAttempts.propId, propIds["lac+3.5-A"]!));
    expect(log!.reason).toBe("side B wins (TB 40 @ LAC 17); graded at once from the live scoreboard's final");
    // A good read ends the backoff.
    expect((await readAdminLivePanel({ now: at("2024-12-15T23:13:10Z") })).polls[0]).toMatchObject({
      failures: 0,
      nextPollAt: null,
      lastReadAt: "2024-12-15T23:13:05.000Z",
    });
  });

  it("after the finals it is idle again until the night game's window, which it follows to its own final", async () => {
    await poll("2024-12-15T23:30:00Z");
    await poll("2024-12-16T00:30:00Z");
    expect(scoreboardRequests()).toBe(8);
    expect((await readAdminLivePanel({ now: at("2024-12-16T00:30:00Z") })).games).toEqual([]);
    // 01:05 UTC, fifteen minutes before kickoff, the window opens; the recording says final at
    // once (it is the recording), which is graded even before the scheduled start.
    const report = await poll("2024-12-16T01:05:00Z");
    expect(scoreboardRequests()).toBe(9);
    expect(report.graded).toBe(1);
    expect(await propState("sea-wins-A")).toEqual({ status: "gradedB", resultText: "GB 30 @ SEA 13" });
    await poll("2024-12-16T01:30:00Z");
    expect(scoreboardRequests()).toBe(9);
  });
});

describe("the live poller on an MLB day", () => {
  beforeAll(async () => {
    espn.reset();
    await fetchMlbEvents(await apiRequest("/api/admin/fetchMlbEvents", { body: { date: "20250604" }, as: admin }), routeParams({}));
    espn.reset();
    await packWith("lp-mlb", "mlb", "live", [
      // DET @ CHW (7:40 PM ET) and BAL @ SEA (9:40 PM ET): both still in progress in the recording.
      { key: "chw-wins-A", event: "401695826", rule: "who_wins", params: { homeSide: "A" } },
      { key: "sea-mlb-wins-A", event: "401695828", rule: "who_wins", params: { homeSide: "A" } },
    ]);
  });

  it("reads a rain delay before the first pitch as delayed, while grading still calls the game scheduled", async () => {
    espn.answer(...scoreboardAnswer(MLB, { state: "delayed", fraction: 0 }, ["401695826"]));
    await poll("2025-06-04T23:30:00Z");
    expect(espn.requests).toEqual([MLB_BOARD]);
    expect(await eventOf("401695826")).toMatchObject({
      status: "scheduled",
      liveState: "delayed",
      statusDetail: "Rain Delay",
      period: null,
      homeScore: null,
      awayScore: null,
    });
  });

  it("asks once per run for the day however many of its games are live, with innings and no clock", async () => {
    espn.answer(MLB_BOARD, { fixture: MLB });
    const report = await poll("2025-06-05T02:00:00Z");
    expect(report.liveGames).toBe(2);
    expect(espn.requests).toEqual([MLB_BOARD, MLB_BOARD]);
    expect(await eventOf("401695826")).toMatchObject({
      liveState: "in_progress",
      period: 5,
      clock: null,
      statusDetail: "Top 5th",
      awayScore: 4,
      homeScore: 3,
    });
    expect(await eventOf("401695828")).toMatchObject({ liveState: "in_progress", period: 5, statusDetail: "Bottom 5th" });
  });

  it("a score the five-minute auto-grade reads meanwhile reaches the streams too: a new version and a notice", async () => {
    listener.notices.length = 0;
    const before = (await eventOf("401695826")).liveVersion!;
    espn.answer(...scoreboardAnswer(MLB, { state: "in_progress", fraction: 0.9 }, ["401695826"]));
    await runAutoGrade({ espn: getEspnClient({ retries: 0 }), gradeProp, now: at("2025-06-05T02:05:00Z") });
    const game = await eventOf("401695826");
    expect(game).toMatchObject({ liveState: "in_progress", period: 9, statusDetail: "Top 9th", scoreReadAt: at("2025-06-05T02:05:00Z") });
    expect(game.liveVersion).toBeGreaterThan(before);
    await expect.poll(() => listener.notices).toContainEqual({ kind: "game", eventId: game.id, version: game.liveVersion });
    espn.answer(MLB_BOARD, { fixture: MLB });
  });

  it("stops polling a game ESPN never finalises 18 hours after its start", async () => {
    // 18 h after the later game's 01:40 UTC start: neither is in its window any more.
    const asked = espn.requests.length;
    const report = await poll("2025-06-05T19:41:00Z");
    expect(report.liveGames).toBe(0);
    expect(espn.requests).toHaveLength(asked);
    expect((await propState("chw-wins-A")).status).toBe("open");
  });
});
