// One score per game (issue 41 item 1, docs/decisions/060-one-score-per-game.md): the commissioner
// types a game's result once; it is kept beside ESPN's through every resync, a disagreeing ESPN
// final is flagged and never applied, and every prop of every pack on the game is graded from it by
// the auto-grading rules, exactly once however many times it is sent.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchTeams } from "@/app/api/admin/fetchTeams/route";
import { GET as listRoute, POST as scoreRoute } from "@/app/api/admin/gameScores/route";
import { POST as previewRoute } from "@/app/api/admin/gameScores/preview/route";
import { resetServerEnvCache } from "@/env";
import { getDb, queryRows } from "@/server/db/client";
import { eventScoreOverrides, events, props } from "@/server/db/schema";
import { getEspnClient } from "@/server/integrations/espn/client";
import { runAutoGrade } from "@/server/jobs/auto-grade";
import { gradeProp } from "@/server/grading/grade-prop";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";
import { createEvent, createPack, submitTakes, takeRow } from "../helpers/grading-fixtures";

let espn: EspnReplayServer;
let admin: TestProfile;
let homeFan: TestProfile;
let awayFan: TestProfile;

type Body = Record<string, unknown> & { success?: boolean; error?: string };
type AnyHandler = (req: never, ctx: never) => Promise<Response>;

async function call(handler: AnyHandler, url: string, options: { as?: TestProfile; body?: unknown } = {}) {
  const req = await apiRequest(url, { as: options.as ?? admin, body: options.body });
  const response = await handler(req as never, routeParams({}) as never);
  return { status: response.status, body: (await response.json()) as Body };
}

const importDay = () => call(fetchMlbEvents as AnyHandler, "/api/admin/fetchMlbEvents", { body: { date: "20250604" } });

async function eventIdOf(espnEventId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.espnEventId, espnEventId));
  return row!.id;
}

/** A pack with one prop per rule on the game, each player picking one side of each. */
async function packOn(
  eventId: string,
  rules: Array<{ rule: string | null; params: unknown }>,
  picks: { home: "A" | "B"; away: "A" | "B" },
) {
  const pack = await createPack({ league: "mlb", props: rules.map(() => ({ eventId })) });
  const db = await getDb();
  for (const [index, rule] of rules.entries()) {
    await db.update(props).set({ gradingRule: rule.rule, gradingParams: rule.params }).where(eq(props.id, pack.props[index]!.id));
  }
  const home = await submitTakes({ profile: homeFan, pack, picks: rules.map((_, propIndex) => ({ propIndex, side: picks.home })) });
  const away = await submitTakes({ profile: awayFan, pack, picks: rules.map((_, propIndex) => ({ propIndex, side: picks.away })) });
  return { pack, home, away };
}

const statusOf = async (propId: string) => {
  const db = await getDb();
  const [row] = await db.select({ status: props.status, resultText: props.resultText }).from(props).where(eq(props.id, propId));
  return row!;
};

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  homeFan = await createProfile();
  awayFan = await createProfile();
  await fetchTeams(await apiRequest("/api/admin/fetchTeams", { body: { league: "mlb" }, as: admin }), routeParams({}));
  expect((await importDay()).status).toBe(200);
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("a game's score typed once", () => {
  // COL @ MIA, 2025-06-04: ESPN's recorded final is COL 3, MIA 2. The commissioner types MIA 5.
  let game: string;
  let whoWins: Awaited<ReturnType<typeof packOn>>;
  let total: Awaited<ReturnType<typeof packOn>>;

  beforeAll(async () => {
    game = await eventIdOf("401695821");
    // Pack 1: home wins → side A, and a prop without a rule. Pack 2: total over 6.5 → side A.
    whoWins = await packOn(
      game,
      [
        { rule: "who_wins", params: { homeSide: "A" } },
        { rule: null, params: null },
      ],
      { home: "A", away: "B" },
    );
    total = await packOn(game, [{ rule: "total_over_under", params: { line: 6.5, overSide: "A" } }], { home: "A", away: "B" });
  });

  it("previews the counts for the one confirmation: props in packs, takes to pay, and what stays for hand grading", async () => {
    const { status, body } = await call(previewRoute as AnyHandler, "/api/admin/gameScores/preview", {
      body: { scores: [{ eventId: game, status: "final", homeScore: 5, awayScore: 3 }] },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ games: 1, props: 2, packs: 2, takes: 2, regrades: 0, manual: 1, waiting: 0, beforeStart: 0 });
  });

  it("grades the props of both packs on the game from the typed score, with exact payouts", async () => {
    const { status, body } = await call(scoreRoute as AnyHandler, "/api/admin/gameScores", {
      body: { scores: [{ eventId: game, status: "final", homeScore: 5, awayScore: 3 }], reason: "ESPN feed stuck" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ games: 1, manual: 1, waiting: 0 });
    expect(await statusOf(whoWins.pack.props[0]!.id)).toEqual({ status: "gradedA", resultText: "COL 3 @ MIA 5" });
    expect(await statusOf(total.pack.props[0]!.id)).toEqual({ status: "gradedA", resultText: "COL 3 @ MIA 5" });
    // The prop without a rule waits for a hand grade.
    expect((await statusOf(whoWins.pack.props[1]!.id)).status).toBe("closed");
    // Even odds: 250 points a correct pick, diamonds 5% of points.
    for (const pack of [whoWins, total]) {
      const propId = pack.pack.props[0]!.id;
      expect(await takeRow(pack.home[propId]!)).toEqual({ result: "won", points: 250, tokensCents: 1250 });
      expect(await takeRow(pack.away[propId]!)).toEqual({ result: "lost", points: 0, tokensCents: 0 });
    }
  });

  it("keeps the hand score through an ESPN resync, and flags ESPN's disagreeing final without applying it", async () => {
    expect((await importDay()).status).toBe(200);
    await runAutoGrade({ espn: getEspnClient(), gradeProp });
    const db = await getDb();
    const [hand] = await db.select().from(eventScoreOverrides).where(eq(eventScoreOverrides.eventId, game));
    expect(hand).toMatchObject({ status: "final", homeScore: 5, awayScore: 3, reason: "ESPN feed stuck", setBy: admin.id });
    // ESPN's own reading is kept beside it, as ESPN says.
    const [espnRow] = await db
      .select({ status: events.status, home: events.homeScore, away: events.awayScore })
      .from(events)
      .where(eq(events.id, game));
    expect(espnRow).toEqual({ status: "final", home: 2, away: 3 });
    const { body } = await call(listRoute as AnyHandler, `/api/admin/gameScores?packURL=${whoWins.pack.packUrl}`);
    const games = body.games as Array<{ eventId: string; disagreement: string | null; hand: { setBy: string | null } | null }>;
    expect(games).toHaveLength(1);
    expect(games[0]!.disagreement).toBe("ESPN says COL 3–2 MIA, you entered COL 3–5 MIA");
    expect(games[0]!.hand?.setBy).toBe(admin.handle);
    // Not applied: the grades stand on the hand score.
    expect(await statusOf(whoWins.pack.props[0]!.id)).toEqual({ status: "gradedA", resultText: "COL 3 @ MIA 5" });
    expect(await takeRow(whoWins.away[whoWins.pack.props[0]!.id]!)).toEqual({ result: "lost", points: 0, tokensCents: 0 });
  });

  it("grades a prop added later from the hand score, not ESPN's, when the auto-grader runs", async () => {
    const late = await packOn(game, [{ rule: "who_wins", params: { homeSide: "B" } }], { home: "B", away: "A" });
    const report = await runAutoGrade({ espn: getEspnClient(), gradeProp });
    expect(report.graded).toContainEqual({ propId: late.pack.props[0]!.id, outcome: "B", resultText: "COL 3 @ MIA 5", source: "hand" });
  });

  it("writes the hand score in the audit log, in words, with who typed it", async () => {
    const rows = await queryRows<{ actor_profile_id: string; before: unknown; after: unknown }>(
      await getDb(),
      sql`select actor_profile_id, before, after from admin_audit_log where action = 'event.score' and entity_id = ${game}`,
    );
    expect(rows).toEqual([
      {
        actor_profile_id: admin.id,
        before: { result: "ESPN's" },
        after: { result: "final 3–5 (away–home), typed by hand", reason: "ESPN feed stuck" },
      },
    ]);
  });

  it("re-grades the props when the commissioner corrects the score", async () => {
    const preview = await call(previewRoute as AnyHandler, "/api/admin/gameScores/preview", {
      body: { scores: [{ eventId: game, homeScore: 2, awayScore: 3 }] },
    });
    // Pack 1's who-wins and the later pack flip; the total (5 > 6.5? no: under) flips too.
    expect(preview.body).toMatchObject({ props: 3, regrades: 3, packs: 3 });
    await call(scoreRoute as AnyHandler, "/api/admin/gameScores", { body: { scores: [{ eventId: game, homeScore: 2, awayScore: 3 }] } });
    expect(await statusOf(whoWins.pack.props[0]!.id)).toEqual({ status: "gradedB", resultText: "COL 3 @ MIA 2" });
    expect(await takeRow(whoWins.away[whoWins.pack.props[0]!.id]!)).toEqual({ result: "won", points: 250, tokensCents: 1250 });
    expect(await takeRow(whoWins.home[whoWins.pack.props[0]!.id]!)).toEqual({ result: "lost", points: 0, tokensCents: 0 });
    // Now ESPN agrees: no flag.
    const { body } = await call(listRoute as AnyHandler, `/api/admin/gameScores?packURL=${whoWins.pack.packUrl}`);
    expect((body.games as Array<{ disagreement: string | null }>)[0]!.disagreement).toBeNull();
  });
});

describe("a postponed game typed by hand", () => {
  it("voids every prop on the game, as auto-grading voids a postponed game", async () => {
    const game = await eventIdOf("401695817"); // LAA @ BOS
    const { pack } = await packOn(game, [{ rule: "spread", params: { team: "home", line: -1.5, teamSide: "A" } }], {
      home: "A",
      away: "B",
    });
    const { status } = await call(scoreRoute as AnyHandler, "/api/admin/gameScores", {
      body: { scores: [{ eventId: game, status: "postponed" }] },
    });
    expect(status).toBe(200);
    expect(await statusOf(pack.props[0]!.id)).toEqual({ status: "void", resultText: "Postponed" });
  });
});

describe("bad input", () => {
  let future: string;
  let past: string;
  beforeAll(async () => {
    future = (await createEvent({ status: "scheduled", startTime: new Date(Date.now() + 86_400_000) })).eventId;
    past = await eventIdOf("401695822");
  });

  it.each([
    ["a negative score", () => ({ scores: [{ eventId: past, homeScore: -1, awayScore: 3 }] }), "A score cannot be negative."],
    ["a final without both scores", () => ({ scores: [{ eventId: past, homeScore: 4 }] }), "A final needs both scores."],
    [
      "a score on a postponed game",
      () => ({ scores: [{ eventId: past, status: "postponed", homeScore: 1, awayScore: 0 }] }),
      "A postponed game has no score.",
    ],
    [
      "an unknown game",
      () => ({ scores: [{ eventId: "7b0c1e0e-2c3a-4d6e-9f00-000000000000", homeScore: 1, awayScore: 0 }] }),
      "Unknown game.",
    ],
    ["a game not an id", () => ({ scores: [{ eventId: "nope", homeScore: 1, awayScore: 0 }] }), "Unknown game."],
    ["no games", () => ({ scores: [] }), "Type at least one game's score."],
  ])("refuses %s with a 400 and says why", async (_, body, error) => {
    for (const route of [scoreRoute, previewRoute]) {
      const answer = await call(route as AnyHandler, "/api/admin/gameScores", { body: body() });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error });
    }
  });

  it("refuses a final on a game not yet started unless the commissioner confirmed it, and says so", async () => {
    const scores = [{ eventId: future, homeScore: 1, awayScore: 0 }];
    const refused = await call(scoreRoute as AnyHandler, "/api/admin/gameScores", { body: { scores } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/has not started by its schedule .*: confirm scoring it before its start\.$/);
    const preview = await call(previewRoute as AnyHandler, "/api/admin/gameScores/preview", { body: { scores } });
    expect(preview.body).toMatchObject({ beforeStart: 1 });
    const confirmed = await call(scoreRoute as AnyHandler, "/api/admin/gameScores", { body: { scores, beforeStart: true } });
    expect(confirmed.status).toBe(200);
  });

  it("refuses players", async () => {
    const answer = await call(scoreRoute as AnyHandler, "/api/admin/gameScores", {
      as: homeFan,
      body: { scores: [{ eventId: past, homeScore: 1, awayScore: 0 }] },
    });
    expect(answer.status).toBe(403);
  });
});

describe("the same score sent twice at once", () => {
  it("is stored and logged once and pays each winner once", async () => {
    const game = await eventIdOf("401695819"); // CHC @ WSH
    const { pack, home } = await packOn(game, [{ rule: "who_wins", params: { homeSide: "A" } }], { home: "A", away: "B" });
    const body = { scores: [{ eventId: game, homeScore: 2, awayScore: 0 }] };
    const answers = await Promise.all([1, 2, 3].map(() => call(scoreRoute as AnyHandler, "/api/admin/gameScores", { body })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const propId = pack.props[0]!.id;
    expect(await takeRow(home[propId]!)).toEqual({ result: "won", points: 250, tokensCents: 1250 });
    const db = await getDb();
    const payouts = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from token_ledger where profile_id = ${homeFan.id} and kind = 'take_payout' and business_key like ${`%${home[propId]!}%`}`,
    );
    expect(Number(payouts[0]!.n)).toBe(1);
    const logged = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from admin_audit_log where action = 'event.score' and entity_id = ${game}`,
    );
    expect(Number(logged[0]!.n)).toBe(1);
  });
});
