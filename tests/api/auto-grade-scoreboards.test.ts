// Auto-grading on ordinary data (issue 24, docs/decisions/027-auto-grading-sources.md): ESPN's
// per-game summaries are unavailable (the replay server has none for these games), so the
// worker grades from the recorded real scoreboards of the games' days, NFL 2024-12-15 and MLB
// 2025-06-04, with real takes, payouts and the grading screen's readiness.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { POST as autoGradeRoute } from "@/app/api/admin/autoGrade/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchTeams } from "@/app/api/admin/fetchTeams/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, autoGradeAttempts, events, packs, props, receipts, takes, teams, tokenLedger } from "@/server/db/schema";
import { getPackForGrading } from "@/server/grading/get-props-for-grading";
import { listGradingQueue } from "@/server/grading/list-grading-queue";
import { recordAutoGradeAttempts } from "@/server/jobs/auto-grade-log";
import { PERIODIC_TASKS } from "@/server/jobs/tasks";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;
let pickerA: TestProfile;
let pickerB: TestProfile;
const propIds: Record<string, string> = {};
const VALUE_A = 200;
const VALUE_B = 300;

async function teamId(league: "nfl" | "mlb", abbreviation: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.league, league), eq(teams.abbreviation, abbreviation)));
  return row!.id;
}
async function eventId(espnEventId: string) {
  const db = await getDb();
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.espnEventId, espnEventId));
  return row!.id;
}

/** A pack past its close with the given rule-graded props; pickerA took side A of each, pickerB side B. */
async function packWith(
  packUrl: string,
  league: "nfl" | "mlb",
  specs: Array<{ key: string; event: string; rule: string; params: unknown }>,
) {
  const db = await getDb();
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl,
      title: packUrl,
      league,
      status: "live",
      openTime: new Date("2024-01-01T00:00:00Z"),
      closeTime: new Date("2024-12-15T17:00:00Z"),
    })
    .returning();
  for (const spec of specs) {
    const [prop] = await db
      .insert(props)
      .values({
        packId: pack!.id,
        eventId: await eventId(spec.event),
        shortLabel: spec.key,
        title: spec.key,
        sideAShort: "A",
        sideBShort: "B",
        sideATake: "Side A",
        sideBTake: "Side B",
        sideAValue: VALUE_A,
        sideBValue: VALUE_B,
        gradingRule: spec.rule,
        gradingParams: spec.params,
      })
      .returning();
    propIds[spec.key] = prop!.id;
  }
  for (const [player, side] of [
    [pickerA, "A"],
    [pickerB, "B"],
  ] as const) {
    const receiptId = `sb${side}${packUrl.replaceAll("-", "")}`.slice(0, 32);
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
  return pack!;
}

const statusOf = async (key: string) => {
  const db = await getDb();
  const [row] = await db.select({ status: props.status, resultText: props.resultText }).from(props).where(eq(props.id, propIds[key]!));
  return row!;
};

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  pickerA = await createProfile();
  pickerB = await createProfile();
  for (const league of ["nfl", "mlb"]) {
    await fetchTeams(await apiRequest("/api/admin/fetchTeams", { body: { league }, as: admin }), routeParams({}));
  }
  // MLB through the real import of that day's scoreboard; two NFL games as an admin would have added them before kickoff.
  await fetchMlbEvents(await apiRequest("/api/admin/fetchMlbEvents", { body: { date: "20250604" }, as: admin }), routeParams({}));
  const db = await getDb();
  await db.insert(events).values([
    // Sunday Night Football: 8:20 PM ET on the 15th is 01:20 UTC on the 16th, on the 15th's scoreboard.
    {
      league: "nfl",
      espnEventId: "401671796",
      title: "Green Bay Packers at Seattle Seahawks",
      shortName: "GB @ SEA",
      startTime: new Date("2024-12-16T01:20:00Z"),
      homeTeamId: await teamId("nfl", "SEA"),
      awayTeamId: await teamId("nfl", "GB"),
    },
    {
      league: "nfl",
      espnEventId: "401671762",
      title: "Tampa Bay Buccaneers at Los Angeles Chargers",
      shortName: "TB @ LAC",
      startTime: new Date("2024-12-15T21:25:00Z"),
      homeTeamId: await teamId("nfl", "LAC"),
      awayTeamId: await teamId("nfl", "TB"),
    },
  ]);
  await packWith("sb-nfl", "nfl", [
    { key: "sea-wins-A", event: "401671796", rule: "who_wins", params: { homeSide: "A" } },
    { key: "gb-sea-over-43.5-A", event: "401671796", rule: "total_over_under", params: { line: 43.5, overSide: "A" } },
    { key: "lac+3.5-A", event: "401671762", rule: "spread", params: { team: "home", line: 3.5, teamSide: "A" } },
  ]);
  await packWith("sb-mlb", "mlb", [
    { key: "mia-wins-A", event: "401695821", rule: "who_wins", params: { homeSide: "A" } },
    { key: "hou-pit-over-2.5-A", event: "401695822", rule: "total_over_under", params: { line: 2.5, overSide: "A" } },
    { key: "det-chw-in-progress", event: "401695826", rule: "who_wins", params: { homeSide: "A" } },
    { key: "kc-stl-postponed", event: "401695827", rule: "who_wins", params: { homeSide: "A" } },
  ]);
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("auto-grading from the day's scoreboard when ESPN has no summary", () => {
  it("before the run the grading screen says Waiting, not Ready, for NFL games it has no final for", async () => {
    const pack = (await getPackForGrading({ packURL: "sb-nfl" }))!;
    expect(pack.props.map((prop) => prop.autoGrade)).toEqual([
      { state: "waiting", detail: "game is scheduled" },
      { state: "waiting", detail: "game is scheduled" },
      { state: "waiting", detail: "game is scheduled" },
    ]);
  });

  it("the worker grades every final game's props with the right results", async () => {
    await PERIODIC_TASKS.find((task) => task.name === "auto-grade")!.run();
    // No summary was recorded for any of these games: each answer came from a scoreboard.
    expect(espn.requests.filter((r) => r.includes("/summary?"))).not.toHaveLength(0);
    expect(espn.requests).toContain("/apis/site/v2/sports/football/nfl/scoreboard?dates=20241215");
    expect(await statusOf("sea-wins-A")).toEqual({ status: "gradedB", resultText: "GB 30 @ SEA 13" });
    expect(await statusOf("gb-sea-over-43.5-A")).toEqual({ status: "gradedB", resultText: "GB 30 @ SEA 13" });
    expect(await statusOf("lac+3.5-A")).toEqual({ status: "gradedB", resultText: "TB 40 @ LAC 17" });
    expect(await statusOf("mia-wins-A")).toEqual({ status: "gradedB", resultText: "COL 3 @ MIA 2" });
    expect(await statusOf("hou-pit-over-2.5-A")).toEqual({ status: "gradedA", resultText: "HOU 0 @ PIT 3" });
  });

  it("voids the postponed game and leaves the game in progress open", async () => {
    expect(await statusOf("kc-stl-postponed")).toMatchObject({ status: "void" });
    expect((await statusOf("det-chw-in-progress")).status).toBe("open");
    const pack = (await getPackForGrading({ packURL: "sb-mlb" }))!;
    const inProgress = pack.props.find((prop) => prop.propId === propIds["det-chw-in-progress"])!;
    expect(inProgress.autoGrade).toEqual({ state: "waiting", detail: "game is in progress" });
    expect(inProgress.event).toMatchObject({ status: "in_progress", awayScore: 4, homeScore: 3 });
  });

  it("pays each winning take 5% of its locked points and nothing for a loss or a void", async () => {
    const db = await getDb();
    const entries = await db
      .select({ profileId: tokenLedger.profileId, amountCents: tokenLedger.amountCents })
      .from(tokenLedger)
      .where(inArray(tokenLedger.profileId, [pickerA.id, pickerB.id]));
    const total = (player: TestProfile) => entries.filter((e) => e.profileId === player.id).reduce((sum, e) => sum + e.amountCents, 0);
    // Side A won once (HOU-PIT over); side B won four times. 200 points pay 10.00 diamonds, 300 pay 15.00.
    expect(total(pickerA)).toBe(1 * VALUE_A * 5);
    expect(total(pickerB)).toBe(4 * VALUE_B * 5);
    const [nflPack] = await db.select({ status: packs.status }).from(packs).where(eq(packs.packUrl, "sb-nfl"));
    expect(nflPack!.status).toBe("graded");
  });

  it("keeps the NFL events it graded in step with the scoreboard's finals", async () => {
    const db = await getDb();
    const rows = await db
      .select({ id: events.espnEventId, status: events.status, away: events.awayScore, home: events.homeScore })
      .from(events)
      .where(inArray(events.espnEventId, ["401671796", "401671762"]));
    expect(rows.sort((a, b) => a.id!.localeCompare(b.id!))).toEqual([
      { id: "401671762", status: "final", away: 40, home: 17 },
      { id: "401671796", status: "final", away: 30, home: 13 },
    ]);
  });
});

describe("the per-prop run log: why a prop is not graded yet (decision 041)", () => {
  const logOf = async (packURL: string, key: string) =>
    (await getPackForGrading({ packURL }))!.props.find((prop) => prop.propId === propIds[key])!.autoGradeLog;

  it("the grading screen says what the last run did with each prop, in words", async () => {
    expect(await logOf("sb-mlb", "det-chw-in-progress")).toEqual([
      expect.objectContaining({ outcome: "waiting", reason: "game is in progress (DET 4 @ CHW 3, Top 5th)", attempts: 1 }),
    ]);
    expect(await logOf("sb-nfl", "sea-wins-A")).toEqual([
      expect.objectContaining({
        outcome: "graded",
        reason: "side B wins (GB 30 @ SEA 13); ESPN summary unavailable; graded from the scoreboard's final",
      }),
    ]);
    expect(await logOf("sb-mlb", "kc-stl-postponed")).toEqual([
      expect.objectContaining({ outcome: "graded", reason: "void, game postponed; ESPN summary unavailable; graded from the scoreboard" }),
    ]);
  });

  it("the grading queue shows the same last attempt for a prop still waiting", async () => {
    const queue = await listGradingQueue({ limit: 200 });
    const waiting = queue.items.find((prop) => prop.propId === propIds["det-chw-in-progress"])!;
    expect(waiting.autoGradeLog[0]).toMatchObject({ outcome: "waiting", reason: "game is in progress (DET 4 @ CHW 3, Top 5th)" });
  });

  it("a second run that decides the same again counts it on the same entry instead of adding one", async () => {
    const [first] = await logOf("sb-mlb", "det-chw-in-progress");
    await PERIODIC_TASKS.find((task) => task.name === "auto-grade")!.run();
    const log = await logOf("sb-mlb", "det-chw-in-progress");
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ outcome: "waiting", attempts: 2, firstAt: first!.firstAt });
    expect(new Date(log[0]!.lastAt).getTime()).toBeGreaterThanOrEqual(new Date(first!.lastAt).getTime());
    // A graded prop is no longer tried, so its log stays as it was.
    expect(await logOf("sb-nfl", "sea-wins-A")).toHaveLength(1);
  });

  it("keeps only the last five different attempts per prop, newest first", async () => {
    const propId = propIds["det-chw-in-progress"]!;
    // Later runs, one a minute after the worker's last.
    for (let inning = 6; inning <= 12; inning++) {
      await recordAutoGradeAttempts(
        [{ propId, outcome: "waiting", reason: `game is in progress (inning ${inning})` }],
        new Date(Date.now() + inning * 60_000),
      );
    }
    const log = await logOf("sb-mlb", "det-chw-in-progress");
    expect(log.map((entry) => entry.reason)).toEqual(
      [8, 9, 10, 11, 12].reverse().map((inning) => `game is in progress (inning ${inning})`),
    );
    const db = await getDb();
    expect(await db.select({ id: autoGradeAttempts.id }).from(autoGradeAttempts).where(eq(autoGradeAttempts.propId, propId))).toHaveLength(
      5,
    );
  });
});

describe("Auto grade now", () => {
  it("grades a pack's ready props at once for an admin, and says why the rest waits", async () => {
    await packWith("sb-now", "mlb", [
      { key: "cin-wins-A", event: "401695823", rule: "who_wins", params: { homeSide: "A" } },
      { key: "atl-in-progress", event: "401695818", rule: "who_wins", params: { homeSide: "A" } },
    ]);
    const before = (await getPackForGrading({ packURL: "sb-now" }))!;
    expect(before.props.map((prop) => prop.autoGrade?.state)).toEqual(["ready", "waiting"]);
    expect(before.props[0]!.autoGrade!.detail).toBe("side B wins (MIL 9 @ CIN 1)");

    const answer = await autoGradeRoute(
      await apiRequest("/api/admin/autoGrade", { body: { packURL: "sb-now" }, as: admin }),
      routeParams({}),
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      graded: Array<{ shortLabel: string; outcome: string }>;
      waiting: Array<{ shortLabel: string; reason: string }>;
    };
    expect(body.graded).toEqual([expect.objectContaining({ shortLabel: "cin-wins-A", outcome: "B", resultText: "MIL 9 @ CIN 1" })]);
    expect(body.waiting).toEqual([expect.objectContaining({ shortLabel: "atl-in-progress", reason: "game is in progress" })]);
    expect((await statusOf("cin-wins-A")).status).toBe("gradedB");
    // The audit log names the admin who pressed it, not "the system".
    const audit = await (
      await getDb()
    )
      .select({ actor: adminAuditLog.actorProfileId })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "prop.grade"), eq(adminAuditLog.entityId, propIds["cin-wins-A"]!)));
    expect(audit).toEqual([{ actor: admin.id }]);
  });

  it("the grading page says the pack's state now, not a stale stored 'open', with each game's score", async () => {
    const db = await getDb();
    // Stored "open" long after its close (2024-12-15), with one game still in progress.
    await db.update(packs).set({ status: "open" }).where(eq(packs.packUrl, "sb-mlb"));
    const pack = (await getPackForGrading({ packURL: "sb-mlb" }))!;
    expect(pack.state).toBe("Live");
    expect(pack.closeTime).toBe("2024-12-15T17:00:00.000Z");
    expect(pack.props.find((prop) => prop.propId === propIds["mia-wins-A"])!.event).toMatchObject({
      status: "final",
      awayScore: 3,
      homeScore: 2,
    });
    // Once every game is over the pack is waiting for its grade.
    const nfl = (await getPackForGrading({ packURL: "sb-nfl" }))!;
    expect(nfl.state).toBe("Graded");
  });

  it("is for admins only, and names an unknown pack", async () => {
    const player = await createProfile();
    const refused = await autoGradeRoute(
      await apiRequest("/api/admin/autoGrade", { body: { packURL: "sb-now" }, as: player }),
      routeParams({}),
    );
    expect(refused.status).toBe(403);
    const unknown = await autoGradeRoute(
      await apiRequest("/api/admin/autoGrade", { body: { packURL: "no-such-pack" }, as: admin }),
      routeParams({}),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: "Pack not found" });
  });
});
