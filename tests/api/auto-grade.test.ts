import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchTeams } from "@/app/api/admin/fetchTeams/route";
import { getDb } from "@/server/db/client";
import { events, packs, props, teams } from "@/server/db/schema";
import { getEspnClient } from "@/server/integrations/espn/client";
import { runAutoGrade, type GradePropFn } from "@/server/jobs/auto-grade";
import { PERIODIC_TASKS } from "@/server/jobs/tasks";
import { adminAuditLog, receipts, takes, tokenLedger } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";
import { summaryFromScoreboard } from "../helpers/espn-summaries";

let espn: EspnReplayServer;
let admin: TestProfile;
const propIds: Record<string, string> = {};

/** Stand-in for the grading use-case: records each decision and marks the prop, as grading would. */
const graded: Array<{ propId: string; outcome: string; resultText: string; actorProfileId: string | null }> = [];
const gradeProp: GradePropFn = async (input) => {
  graded.push({ propId: input.propId, outcome: input.outcome, resultText: input.resultText, actorProfileId: input.actorProfileId });
  const status = input.outcome === "A" ? "gradedA" : input.outcome === "B" ? "gradedB" : input.outcome;
  const db = await getDb();
  await db.update(props).set({ status, resultText: input.resultText, gradedAt: input.now }).where(eq(props.id, input.propId));
};

async function teamId(league: "nfl" | "mlb", abbreviation: string) {
  const db = await getDb();
  const rows = await db.select({ id: teams.id, abbreviation: teams.abbreviation, league: teams.league }).from(teams);
  return rows.find((t) => t.league === league && t.abbreviation === abbreviation)!.id;
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  for (const league of ["nfl", "mlb"]) {
    await fetchTeams(await apiRequest("/api/admin/fetchTeams", { body: { league }, as: admin }), routeParams({}));
  }
  await fetchMlbEvents(await apiRequest("/api/admin/fetchMlbEvents", { body: { date: "20250604" }, as: admin }), routeParams({}));
  espn.answer("baseball/mlb/summary?event=401695826", { json: summaryFromScoreboard("scoreboard-mlb-20250604.json", "401695826") });
  espn.answer("baseball/mlb/summary?event=401695827", { json: summaryFromScoreboard("scoreboard-mlb-20250604.json", "401695827") });

  const db = await getDb();
  // The two recorded finals: GB 24 @ ATL 25 (2023-09-17) and CLE 5 @ PIT 7 (2023-07-19), as scheduled events.
  const [nflGame, mlbGame, futureGame] = await db
    .insert(events)
    .values([
      {
        league: "nfl",
        espnEventId: "401547417",
        title: "Green Bay Packers at Atlanta Falcons",
        shortName: "GB @ ATL",
        startTime: new Date("2023-09-17T17:00:00Z"),
        homeTeamId: await teamId("nfl", "ATL"),
        awayTeamId: await teamId("nfl", "GB"),
      },
      {
        league: "mlb",
        espnEventId: "401472463",
        title: "Cleveland Guardians at Pittsburgh Pirates",
        shortName: "CLE @ PIT",
        startTime: new Date("2023-07-19T16:35:00Z"),
        homeTeamId: await teamId("mlb", "PIT"),
        awayTeamId: await teamId("mlb", "CLE"),
      },
      {
        league: "mlb",
        espnEventId: "499999999",
        title: "Future game",
        shortName: "NYY @ BOS",
        startTime: new Date("2099-07-01T23:00:00Z"),
        homeTeamId: await teamId("mlb", "BOS"),
        awayTeamId: await teamId("mlb", "NYY"),
      },
    ])
    .returning();
  const byEspn = Object.fromEntries(
    (await db.select({ id: events.id, espnEventId: events.espnEventId }).from(events)).map((e) => [e.espnEventId, e.id]),
  );
  const [nflPack, mlbPack] = await db
    .insert(packs)
    .values([
      { packUrl: "auto-nfl", title: "Auto NFL", league: "nfl", status: "live" },
      { packUrl: "auto-mlb", title: "Auto MLB", league: "mlb", status: "live" },
    ])
    .returning();
  const prop = (key: string, packId: string, eventId: string, gradingRule: string | null, gradingParams: unknown) => ({
    packId,
    eventId,
    shortLabel: key,
    title: key,
    sideAShort: "A",
    sideBShort: "B",
    sideATake: "Side A",
    sideBTake: "Side B",
    gradingRule,
    gradingParams,
  });
  const rows = await db
    .insert(props)
    .values([
      prop("nfl-home-wins-A", nflPack!.id, nflGame!.id, "who_wins", { homeSide: "A" }),
      prop("nfl-total-48.5-over-B", nflPack!.id, nflGame!.id, "total_over_under", { line: 48.5, overSide: "B" }),
      prop("nfl-gb+1.5-A", nflPack!.id, nflGame!.id, "spread", { team: "away", line: 1.5, teamSide: "A" }),
      prop("nfl-manual", nflPack!.id, nflGame!.id, null, null),
      prop("mlb-home-wins-B", mlbPack!.id, mlbGame!.id, "who_wins", { homeSide: "B" }),
      prop("mlb-in-progress", mlbPack!.id, byEspn["401695826"]!, "who_wins", { homeSide: "A" }),
      prop("mlb-postponed", mlbPack!.id, byEspn["401695827"]!, "who_wins", { homeSide: "A" }),
      prop("mlb-future", mlbPack!.id, futureGame!.id, "who_wins", { homeSide: "A" }),
    ])
    .returning({ id: props.id, shortLabel: props.shortLabel });
  for (const row of rows) propIds[row.shortLabel] = row.id;
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

const outcomeOf = (key: string) => graded.find((g) => g.propId === propIds[key]);

describe("the auto-grading job", () => {
  it("grades the right side from the recorded final summaries, as the system", async () => {
    const report = await runAutoGrade({ espn: getEspnClient(), gradeProp });
    expect(outcomeOf("nfl-home-wins-A")).toMatchObject({ outcome: "A", resultText: "GB 24 @ ATL 25", actorProfileId: null });
    expect(outcomeOf("nfl-total-48.5-over-B")).toMatchObject({ outcome: "B" });
    expect(outcomeOf("nfl-gb+1.5-A")).toMatchObject({ outcome: "A" });
    expect(outcomeOf("mlb-home-wins-B")).toMatchObject({ outcome: "B", resultText: "CLE 5 @ PIT 7" });
    expect(report.eventsChecked).toBe(4);
  });

  it("voids a prop whose game was postponed", () => {
    expect(outcomeOf("mlb-postponed")).toMatchObject({ outcome: "void", resultText: "Postponed" });
  });

  it("leaves an in-progress game alone", async () => {
    expect(outcomeOf("mlb-in-progress")).toBeUndefined();
    const db = await getDb();
    const [row] = await db.select({ status: props.status }).from(props).where(eq(props.id, propIds["mlb-in-progress"]!));
    expect(row!.status).toBe("open");
  });

  it("never asks about games that have not started, or props without a rule", () => {
    expect(outcomeOf("mlb-future")).toBeUndefined();
    expect(outcomeOf("nfl-manual")).toBeUndefined();
    expect(espn.requests.some((r) => r.includes("event=499999999"))).toBe(false);
  });

  it("keeps the event's status and final score in step with ESPN", async () => {
    const db = await getDb();
    const rows = await db
      .select()
      .from(events)
      .where(inArray(events.espnEventId, ["401547417", "401472463"]));
    expect(rows.map((r) => [r.espnEventId, r.status, r.awayScore, r.homeScore]).sort()).toEqual([
      ["401472463", "final", 5, 7],
      ["401547417", "final", 24, 25],
    ]);
  });

  it("is idempotent: a second run grades nothing new", async () => {
    const before = graded.length;
    const report = await runAutoGrade({ espn: getEspnClient(), gradeProp });
    expect(graded.length).toBe(before);
    expect(report.graded).toEqual([]);
    expect(report.waiting.map((w) => w.propId)).toEqual([propIds["mlb-in-progress"]]);
  });

  it("grades the in-progress game once ESPN reports it final", async () => {
    const final = summaryFromScoreboard("scoreboard-mlb-20250604.json", "401695826") as {
      header: { competitions: Array<{ status: unknown; competitors: Array<{ score: string; homeAway: string }> }> };
    };
    const competition = final.header.competitions[0]!;
    competition.status = { period: 9, type: { name: "STATUS_FINAL", state: "post", completed: true, detail: "Final" } };
    for (const c of competition.competitors) c.score = c.homeAway === "home" ? "6" : "4";
    espn.answer("baseball/mlb/summary?event=401695826", { json: final });
    await runAutoGrade({ espn: getEspnClient(), gradeProp });
    expect(outcomeOf("mlb-in-progress")).toMatchObject({ outcome: "A", resultText: "DET 4 @ CHW 6" });
  });

  it("grades from the final it imported when ESPN serves neither the summary nor the day's scoreboard", async () => {
    const db = await getDb();
    await db.update(props).set({ status: "open" }).where(eq(props.id, propIds["mlb-home-wins-B"]!));
    espn.answer("baseball/mlb/summary?event=401472463", { status: 503, json: {} });
    // No scoreboard of 2023-07-19 is recorded, so that request fails too; the event row says final 5-7.
    const report = await runAutoGrade({ espn: getEspnClient({ retries: 0 }), gradeProp });
    expect(report.graded).toContainEqual({
      propId: propIds["mlb-home-wins-B"],
      outcome: "B",
      resultText: "CLE 5 @ PIT 7",
      source: "imported",
    });
    expect(report.failedEvents).toEqual([]);
  });

  it("waits, saying why, for a started game ESPN cannot serve and that was never imported as final", async () => {
    const db = await getDb();
    const [pack] = await db.select({ id: packs.id }).from(packs).where(eq(packs.packUrl, "auto-mlb"));
    const [game] = await db
      .insert(events)
      .values({
        league: "mlb",
        espnEventId: "401999998",
        title: "Unknown game",
        shortName: "NYY @ BOS",
        startTime: new Date("2025-06-04T23:00:00Z"),
        homeTeamId: await teamId("mlb", "BOS"),
        awayTeamId: await teamId("mlb", "NYY"),
      })
      .returning();
    const [prop] = await db
      .insert(props)
      .values({
        packId: pack!.id,
        eventId: game!.id,
        shortLabel: "unknown",
        title: "unknown",
        sideAShort: "A",
        sideBShort: "B",
        sideATake: "A",
        sideBTake: "B",
        gradingRule: "who_wins",
        gradingParams: { homeSide: "A" },
      })
      .returning();
    const report = await runAutoGrade({ espn: getEspnClient({ retries: 0 }), gradeProp });
    expect(report.failedEvents.map((f) => f.eventId)).toEqual([game!.id]);
    const waiting = report.waiting.find((w) => w.propId === prop!.id);
    // What failed and why, in words (issue 41 item 7): not "Fetch failed".
    expect(waiting?.reason).toMatch(
      /^no result from ESPN: summary: ESPN answered 404: it has no such page; scoreboard 20250604: game not listed$/,
    );
    const [row] = await db.select({ status: props.status }).from(props).where(eq(props.id, prop!.id));
    expect(row!.status).toBe("open");
  });
});

describe("the worker's auto-grade task", () => {
  it("grades through the real grader: the winning take is paid, the losing one is not, and the audit says System", async () => {
    const db = await getDb();
    const [nflGame] = await db.select().from(events).where(eq(events.espnEventId, "401547417"));
    const [pack] = await db.insert(packs).values({ packUrl: "auto-paid", title: "Auto paid", league: "nfl", status: "live" }).returning();
    // ATL (home) won 25-24: side A is the home team here.
    const [prop] = await db
      .insert(props)
      .values({
        packId: pack!.id,
        eventId: nflGame!.id,
        shortLabel: "ATL wins",
        title: "Who wins?",
        sideAShort: "ATL",
        sideBShort: "GB",
        sideATake: "ATL wins",
        sideBTake: "GB wins",
        sideAValue: 150,
        sideBValue: 260,
        gradingRule: "who_wins",
        gradingParams: { homeSide: "A" },
      })
      .returning();
    const winner = await createProfile();
    const loser = await createProfile();
    for (const [player, side] of [
      [winner, "A"],
      [loser, "B"],
    ] as const) {
      const receiptId = `auto${side}${Date.now().toString(36)}`;
      await db.insert(receipts).values({ id: receiptId, profileId: player.id, packId: pack!.id, idempotencyKey: receiptId });
      await db
        .insert(takes)
        .values({ profileId: player.id, propId: prop!.id, packId: pack!.id, receiptId, side, lockedValue: side === "A" ? 150 : 260 });
    }

    await PERIODIC_TASKS.find((task) => task.name === "auto-grade")!.run();

    const [gradedProp] = await db.select({ status: props.status, resultText: props.resultText }).from(props).where(eq(props.id, prop!.id));
    expect(gradedProp).toEqual({ status: "gradedA", resultText: "GB 24 @ ATL 25" });
    const paid = await db
      .select({ profileId: tokenLedger.profileId, amountCents: tokenLedger.amountCents })
      .from(tokenLedger)
      .where(inArray(tokenLedger.profileId, [winner.id, loser.id]));
    // 150 points at 5% is 7.50 diamonds, to the winner only.
    expect(paid).toEqual([{ profileId: winner.id, amountCents: 750 }]);
    const [packRow] = await db.select({ status: packs.status }).from(packs).where(eq(packs.id, pack!.id));
    expect(packRow!.status).toBe("graded");
    const audit = await db
      .select({ actor: adminAuditLog.actorProfileId, action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, pack!.id));
    expect(audit).toEqual([{ actor: null, action: "pack.graded" }]);
  });
});
