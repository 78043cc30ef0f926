// Spread and total props from a slate (issue 41 item 5, docs/decisions/063-bulk-tools.md): the
// recorded NFL 2025 week 1 scoreboard is imported through the real route (its odds carry each
// game's spread and total, stored in events.odds), and its Sunday becomes spread and total props
// through POST /api/admin/slate, graded by the same rules as auto-grading.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { POST as slate } from "@/app/api/admin/slate/route";
import { decideAutoGrade } from "@/domain/auto-grade";
import { getDb } from "@/server/db/client";
import { adminAuditLog, events, packs, props } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, body: unknown) {
  const response = await handler(await apiRequest(path, { body, as: admin }), routeParams({}));
  return { status: response.status, body: await response.json() };
}

const SUNDAY = { league: "nfl", from: "2025-09-07", to: "2025-09-07" };
type PlanGame = {
  matchup: string;
  skip: string | null;
  prop: unknown;
  lines: Array<{ kind: string; sideAShort: string; sideBShort: string; line: number }>;
  skippedKinds: Array<{ kind: string; reason: string }>;
};
const gameOf = (games: PlanGame[], matchup: string) => games.find((g) => g.matchup === matchup)!;

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  const imported = await call(fetchNflEvents as Handler, "/api/admin/fetchNflEvents", { year: 2025, week: 1 });
  expect(imported.body.processedCount).toBe(16);
  // Three games lose lines ESPN sometimes leaves out: one its total, one its spread, one both.
  const db = await getDb();
  const strip = async (espnEventId: string, keys: string[]) =>
    db
      .update(events)
      .set({ odds: sql`${events.odds} - ${sql.raw(`array[${keys.map((k) => `'${k}'`).join(",")}]`)}` })
      .where(eq(events.espnEventId, espnEventId));
  await strip("401772829", ["overUnder"]); // CIN @ CLE
  await strip("401772720", ["spread"]); // LV @ NE
  await strip("401772718", ["spread", "overUnder"]); // ARI @ NO
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("spread and total props from a slate", () => {
  it("previews a spread and a total per game from ESPN's stored lines, listing the games without them and why", async () => {
    const { status, body } = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", kinds: ["spread", "total"] });
    expect(status).toBe(200);
    const plan = body.plan;
    expect(plan).toMatchObject({ kinds: ["spread", "total"], packsToCreate: 12, propsToCreate: 22, created: null });
    const atl = gameOf(plan.games, "Buccaneers at Falcons");
    expect(atl).toMatchObject({
      prop: null,
      skip: null,
      packTitle: "Buccaneers at Falcons (Spread & Total)",
      packUrl: "buccaneers-at-falcons-spread-total-2025-09-07",
      lines: [
        { kind: "spread", sideAShort: "Buccaneers -2.5", sideBShort: "Falcons +2.5", line: 2.5 },
        { kind: "total", sideAShort: "Over 47.5", sideBShort: "Under 47.5", line: 47.5 },
      ],
      skippedKinds: [],
    });
    expect(gameOf(plan.games, "Dolphins at Colts").lines[0]).toMatchObject({ sideAShort: "Dolphins PK", sideBShort: "Colts PK" });
    expect(gameOf(plan.games, "Bengals at Browns")).toMatchObject({
      skip: null,
      skippedKinds: [{ kind: "total", reason: "No total from ESPN" }],
    });
    expect(gameOf(plan.games, "Raiders at Patriots")).toMatchObject({ skippedKinds: [{ kind: "spread", reason: "No spread from ESPN" }] });
    expect(gameOf(plan.games, "Cardinals at Saints")).toMatchObject({ skip: "No spread from ESPN; No total from ESPN", lines: [] });
  });

  it("creates the props with the spread and total grading rules, so a final score grades them", async () => {
    const { status, body } = await call(slate as Handler, "/api/admin/slate", {
      ...SUNDAY,
      mode: "perGame",
      kinds: ["spread", "total"],
      dryRun: false,
    });
    expect(status).toBe(200);
    expect(body.plan.created).toMatchObject({ props: 22 });
    expect(body.plan.created.packs).toHaveLength(12);
    const db = await getDb();
    const [pack] = await db.select().from(packs).where(eq(packs.packUrl, "buccaneers-at-falcons-spread-total-2025-09-07"));
    const made = await db.select().from(props).where(eq(props.packId, pack!.id)).orderBy(asc(props.position));
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({
      shortLabel: "Buccaneers at Falcons: spread",
      sideATake: "The Buccaneers cover -2.5",
      sideBTake: "The Falcons cover +2.5",
      sideAValue: 250,
      sideBValue: 250,
      gradingRule: "spread",
      gradingParams: { team: "home", line: 2.5, teamSide: "B" },
    });
    expect(made[1]).toMatchObject({ gradingRule: "total_over_under", gradingParams: { line: 47.5, overSide: "A" } });
    expect(made[0]!.closeTime?.toISOString()).toBe("2025-09-07T17:00:00.000Z");

    // Tampa Bay won 23-20 in Atlanta: the Buccaneers covered 2.5, and 43 points is under 47.5.
    const final = {
      status: "final" as const,
      completed: true,
      homeScore: 20,
      awayScore: 23,
      homeAbbreviation: "ATL",
      awayAbbreviation: "TB",
    };
    expect(decideAutoGrade(made[0]!.gradingRule, made[0]!.gradingParams, final)).toMatchObject({ action: "grade", outcome: "A" });
    expect(decideAutoGrade(made[1]!.gradingRule, made[1]!.gradingParams, final)).toMatchObject({ action: "grade", outcome: "B" });
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "slate.create"));
    expect(audit.at(-1)!.after).toMatchObject({
      kinds: ["spread", "total"],
      props: 22,
      linesSkipped: ["Bengals at Browns: No total from ESPN", "Raiders at Patriots: No spread from ESPN"],
    });
  });

  it("makes moneyline, spread and total props in one slate pack beside the moneyline packs already made", async () => {
    const moneylines = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "slate", dryRun: false });
    expect(moneylines.body.plan.created).toMatchObject({ props: 13 });
    const { body } = await call(slate as Handler, "/api/admin/slate", {
      ...SUNDAY,
      mode: "slate",
      kinds: ["total", "moneyline", "spread"],
      dryRun: false,
    });
    expect(body.plan).toMatchObject({
      kinds: ["moneyline", "spread", "total"],
      slateTitle: "NFL Week 1 Sunday Slate (Moneyline & Spread & Total)",
      propsToCreate: 13 + 11 + 11,
    });
    const db = await getDb();
    const [pack] = await db.select().from(packs).where(eq(packs.id, body.plan.created.packs[0].id));
    const made = await db
      .select()
      .from(props)
      .where(inArray(props.packId, [pack!.id]));
    expect(made.map((p) => p.gradingRule).sort()).toEqual(
      [...Array(13).fill("who_wins"), ...Array(11).fill("spread"), ...Array(11).fill("total_over_under")].sort(),
    );
  });

  it("answers a 400 for an unknown kind or none", async () => {
    expect(await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", kinds: [] })).toMatchObject({
      status: 400,
      body: { error: "Choose at least one kind of prop." },
    });
    expect((await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", kinds: ["parlay"] })).status).toBe(400);
  });
});
