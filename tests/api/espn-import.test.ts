import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchTeams } from "@/app/api/admin/fetchTeams/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, events, teams } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});
beforeEach(() => espn.reset());

const call = async (handler: typeof fetchNflEvents, path: string, body: unknown) => {
  const response = await handler(await apiRequest(path, { body, as: admin }), routeParams({}));
  return { status: response.status, body: await response.json() };
};

const homeTeams = alias(teams, "home");
const awayTeams = alias(teams, "away");
async function eventRows(league: "nfl" | "mlb") {
  const db = await getDb();
  return db
    .select({
      espnEventId: events.espnEventId,
      startTime: events.startTime,
      status: events.status,
      statusDetail: events.statusDetail,
      home: homeTeams.abbreviation,
      away: awayTeams.abbreviation,
      homeScore: events.homeScore,
      awayScore: events.awayScore,
      updatedAt: events.updatedAt,
      odds: events.odds,
      title: events.title,
    })
    .from(events)
    .innerJoin(homeTeams, eq(homeTeams.id, events.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, events.awayTeamId))
    .where(eq(events.league, league))
    .orderBy(asc(events.startTime), asc(events.espnEventId));
}

describe("importing NFL 2025 week 1 from the recorded ESPN scoreboard", () => {
  it("creates the 16 games with their teams, kickoff instants and scheduled status", async () => {
    const { status, body } = await call(fetchNflEvents, "/api/admin/fetchNflEvents", { year: 2025, week: 1, generateCovers: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, processedCount: 16, created: 16, updated: 0, coverResults: [] });
    expect(espn.requests).toContain("/apis/site/v2/sports/football/nfl/scoreboard?dates=2025&seasontype=2&week=1");

    const rows = await eventRows("nfl");
    expect(rows).toHaveLength(16);
    expect(rows.every((row) => row.status === "scheduled")).toBe(true);
    expect(rows.every((row) => row.homeScore === null && row.awayScore === null)).toBe(true);
    // Thursday opener: DAL @ PHI, 8:20 PM EDT on Sep 4 is 00:20Z on Sep 5.
    expect(rows[0]).toMatchObject({ espnEventId: "401772510", home: "PHI", away: "DAL", title: "Dallas Cowboys at Philadelphia Eagles" });
    expect(rows[0]!.startTime.toISOString()).toBe("2025-09-05T00:20:00.000Z");
    // The São Paulo game keeps ESPN's home/away even at a neutral site.
    expect(rows.find((row) => row.espnEventId === "401772714")).toMatchObject({ home: "LAC", away: "KC" });
    expect(rows.find((row) => row.espnEventId === "401772510")!.odds).toMatchObject({
      provider: "ESPN BET",
      details: "PHI -7",
      spread: -7,
      overUnder: 46.5,
      favorite: "home",
    });
  });

  it("re-importing the same week changes nothing", async () => {
    const db = await getDb();
    const before = await eventRows("nfl");
    const [{ teamCount: teamsBefore }] = (await db.select({ teamCount: sql<number>`count(*)::int` }).from(teams)) as [
      { teamCount: number },
    ];
    const { body } = await call(fetchNflEvents, "/api/admin/fetchNflEvents", { year: 2025, week: 1 });
    expect(body).toMatchObject({ processedCount: 16, created: 0, updated: 0, unchanged: 16 });
    const after = await eventRows("nfl");
    expect(after).toEqual(before);
    const [{ teamCount: teamsAfter }] = (await db.select({ teamCount: sql<number>`count(*)::int` }).from(teams)) as [{ teamCount: number }];
    expect(teamsAfter).toBe(teamsBefore);
  });

  it("updates only what ESPN changed when a game moves on", async () => {
    const recorded = (await import("../helpers/espn-server")).readFixture("scoreboard-nfl-2025-week1.json") as {
      events: Array<{ id: string; competitions: Array<{ status: unknown; competitors: Array<{ score: string }> }> }>;
    };
    const opener = recorded.events.find((e) => e.id === "401772510")!;
    const final = { clock: 0, period: 4, type: { name: "STATUS_FINAL", state: "post", completed: true, detail: "Final" } };
    opener.competitions[0]!.status = final;
    (opener as { status?: unknown }).status = final;
    opener.competitions[0]!.competitors[0]!.score = "24";
    opener.competitions[0]!.competitors[1]!.score = "20";
    espn.answer("football/nfl/scoreboard?dates=2025&seasontype=2&week=1", { json: recorded });

    const { body } = await call(fetchNflEvents, "/api/admin/fetchNflEvents", { year: 2025, week: 1 });
    expect(body).toMatchObject({ processedCount: 16, created: 0, updated: 1, unchanged: 15 });
    const row = (await eventRows("nfl")).find((r) => r.espnEventId === "401772510")!;
    expect(row).toMatchObject({ status: "final", homeScore: 24, awayScore: 20, statusDetail: "Final" });
  });

  it("imports missing teams from ESPN's team list first, then links by ESPN team id", async () => {
    const db = await getDb();
    const eagles = await db
      .select()
      .from(teams)
      .where(and(eq(teams.league, "nfl"), eq(teams.espnTeamId, "21")));
    expect(eagles[0]).toMatchObject({ abbreviation: "PHI", slug: "eagles", fullName: "Philadelphia Eagles" });
  });

  it("audits every import with who ran it", async () => {
    const db = await getDb();
    const entries = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "events.import"));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((entry) => entry.actorProfileId === admin.id)).toBe(true);
    expect(entries[0]!.after).toMatchObject({ query: "nflWeek", year: 2025, week: 1, created: 16 });
  });
});

describe("importing MLB 2025-06-04 from the recorded ESPN scoreboard", () => {
  it("creates the 15 games: 8 final, 6 in progress and the postponed KC @ STL", async () => {
    const { status, body } = await call(fetchMlbEvents, "/api/admin/fetchMlbEvents", { date: "20250604", generateCovers: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, processedCount: 15, created: 15 });
    const rows = await eventRows("mlb");
    expect(rows).toHaveLength(15);
    const byStatus = (s: string) => rows.filter((row) => row.status === s).length;
    expect({ final: byStatus("final"), in_progress: byStatus("in_progress"), postponed: byStatus("postponed") }).toEqual({
      final: 8,
      in_progress: 6,
      postponed: 1,
    });
    const postponed = rows.find((row) => row.status === "postponed")!;
    expect(postponed).toMatchObject({ espnEventId: "401695827", away: "KC", home: "STL", homeScore: null, awayScore: null });
    expect(rows.find((row) => row.espnEventId === "401695821")).toMatchObject({
      away: "COL",
      home: "MIA",
      awayScore: 3,
      homeScore: 2,
      status: "final",
    });
    // 9:40 PM EDT on June 4 is 01:40Z on June 5; the instant is kept exactly.
    expect(rows.find((row) => row.espnEventId === "401695828")!.startTime.toISOString()).toBe("2025-06-05T01:40:00.000Z");
  });

  it("accepts the date as YYYY-MM-DD too, and re-importing changes nothing", async () => {
    const before = await eventRows("mlb");
    const { body } = await call(fetchMlbEvents, "/api/admin/fetchMlbEvents", { date: "2025-06-04" });
    expect(body).toMatchObject({ processedCount: 15, created: 0, updated: 0 });
    expect(await eventRows("mlb")).toEqual(before);
  });
});

describe("fetching teams", () => {
  it("upserts a league's teams by ESPN id and reports the postgres backend", async () => {
    const { status, body } = await call(fetchTeams, "/api/admin/fetchTeams", { league: "mlb" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, upserted: 30, backend: "postgres" });
    const db = await getDb();
    const yankees = await db
      .select()
      .from(teams)
      .where(and(eq(teams.league, "mlb"), eq(teams.slug, "yankees")));
    expect(yankees[0]).toMatchObject({ abbreviation: "NYY", espnTeamId: "10" });
    const again = await call(fetchTeams, "/api/admin/fetchTeams", { league: "mlb" });
    expect(again.body).toMatchObject({ upserted: 30, created: 0, updated: 0 });
  });

  it("answers Unsupported league for anything but nfl and mlb", async () => {
    const { status, body } = await call(fetchTeams, "/api/admin/fetchTeams", { league: "nba" });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: "Unsupported league" });
  });
});

describe("when ESPN misbehaves", () => {
  it("retries a 5xx and then succeeds", async () => {
    espn.answer("football/nfl/scoreboard?dates=2025&seasontype=2&week=1", { status: 503, json: {}, times: 1 });
    const { status, body } = await call(fetchNflEvents, "/api/admin/fetchNflEvents", { year: 2025, week: 1 });
    expect(status).toBe(200);
    expect(body.processedCount).toBe(16);
    expect(espn.requests.filter((r) => r.includes("scoreboard")).length).toBe(2);
  });

  it("says what failed and why when ESPN keeps failing, and writes nothing", async () => {
    espn.answer("baseball/mlb/scoreboard?dates=20250605", { status: 500, json: {} });
    const { status, body } = await call(fetchMlbEvents, "/api/admin/fetchMlbEvents", { date: "20250605" });
    expect(status).toBe(502);
    expect(body).toEqual({
      success: false,
      error: "Importing MLB games of 2025-06-05 failed: ESPN answered 500, a server error (3 tries).",
    });
    expect(espn.requests.filter((r) => r.includes("20250605")).length).toBe(3);
  });

  it("says ESPN's answer was not a scoreboard when it is not one", async () => {
    espn.answer("baseball/mlb/scoreboard?dates=20250606", { json: { sports: [] } });
    const { status, body } = await call(fetchMlbEvents, "/api/admin/fetchMlbEvents", { date: "20250606" });
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, error: "Importing MLB games of 2025-06-06 failed: ESPN's answer was not a scoreboard." });
  });

  it("validates the year, week and date like the dialog does", async () => {
    expect((await call(fetchNflEvents, "/api/admin/fetchNflEvents", { year: 1999, week: 1 })).body.error).toBe(
      "Year must be between 2000 and 3000",
    );
    expect((await call(fetchNflEvents, "/api/admin/fetchNflEvents", { year: 2025, week: 26 })).body.error).toBe(
      "Week must be between 1 and 25",
    );
    expect((await call(fetchMlbEvents, "/api/admin/fetchMlbEvents", { date: "20250231" })).body.error).toBe("Invalid date");
  });
});
