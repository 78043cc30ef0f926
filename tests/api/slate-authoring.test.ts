// Slate authoring (issue 24 item 3, docs/decisions/037-slate-authoring.md): the recorded NFL 2025
// week 1 scoreboard (fixtures/espn; the repo holds no week-12 recording) is imported through the
// real import route from the local ESPN replay server, and its Sunday (13 games, 2025-09-07 in
// New York) becomes moneyline packs through POST /api/admin/slate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { POST as slate } from "@/app/api/admin/slate/route";
import { getDb } from "@/server/db/client";
import { startedGamesWarning } from "@/domain/slate";
import { adminAuditLog, events, packEvents, packs, props } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { CORE_PREFIX, type EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;
let player: TestProfile;

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, body: unknown, as: TestProfile | null = admin) {
  const response = await handler(await apiRequest(path, { body, as: as ?? undefined }), routeParams({}));
  return { status: response.status, body: await response.json() };
}

const SUNDAY = { league: "nfl", from: "2025-09-07", to: "2025-09-07" };
// ESPN's core odds for one Sunday game replay a recorded core-odds answer (ESPN BET: home −155,
// away +135); the scoreboard itself carries only spreads, so the other twelve games have no odds.
const PRICED_GAME = "401772830"; // TB @ ATL

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  espn.answer(`${CORE_PREFIX}/football/leagues/nfl/events/${PRICED_GAME}/competitions/${PRICED_GAME}/odds`, {
    fixture: "odds-nfl-401547417.json",
  });
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
  const imported = await call(fetchNflEvents as Handler, "/api/admin/fetchNflEvents", { year: 2025, week: 1 });
  expect(imported.body.processedCount).toBe(16);
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

async function packCount() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(packs);
  return Number(row!.n);
}

async function eventIdOf(espnEventId: string) {
  const db = await getDb();
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.espnEventId, espnEventId));
  return row!.id;
}

describe("slate authoring from the recorded NFL Sunday", () => {
  it("previews 13 packs with 13 moneyline props, saying which games have odds, and writes nothing", async () => {
    const { status, body } = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", dryRun: true });
    expect(status).toBe(200);
    const plan = body.plan;
    expect(plan).toMatchObject({ mode: "perGame", packsToCreate: 13, propsToCreate: 13, created: null });
    expect(plan.games).toHaveLength(13);
    const atl = plan.games.find((g: { matchup: string }) => g.matchup === "Buccaneers at Falcons");
    expect(atl).toMatchObject({
      oddsFound: true,
      oddsNote: "ESPN BET",
      packTitle: "Buccaneers at Falcons",
      packUrl: "buccaneers-at-falcons-2025-09-07",
      startTime: "2025-09-07T17:00:00.000Z",
      skip: null,
      prop: {
        sideAShort: "Buccaneers",
        sideBShort: "Falcons",
        sideAMoneyline: 135,
        sideBMoneyline: -155,
        sideAValue: 338,
        sideBValue: 161,
      },
    });
    const unpriced = plan.games.filter((g: { oddsFound: boolean }) => !g.oddsFound);
    expect(unpriced).toHaveLength(12);
    for (const game of unpriced) {
      expect(game.oddsNote).toBe("No odds from ESPN");
      expect(game.prop).toMatchObject({ sideAMoneyline: null, sideBMoneyline: null, sideAValue: 250, sideBValue: 250 });
    }
    expect(plan.games.at(-1)).toMatchObject({ matchup: "Ravens at Bills", startTime: "2025-09-08T00:20:00.000Z" });
    expect(await packCount()).toBe(0);
  });

  it("warns that games have already started, names them, and makes only the games left checked (issue 41 item 7)", async () => {
    const all = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", dryRun: true });
    // September 2025 is behind the clock: every game has started, and each may still be chosen.
    expect(all.body.plan.games.every((g: { started: boolean; choosable: boolean }) => g.started && g.choosable)).toBe(true);
    expect(startedGamesWarning(all.body.plan.games)).toMatch(
      /^13 games have already started and are left out unless you check them: .*Buccaneers at Falcons/,
    );
    const checked = [await eventIdOf(PRICED_GAME)];
    const { body } = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", dryRun: true, include: checked });
    expect(body.plan).toMatchObject({ packsToCreate: 1, propsToCreate: 1 });
    const skipped = body.plan.games.filter((g: { skip: string | null }) => g.skip);
    expect(skipped).toHaveLength(12);
    expect(new Set(skipped.map((g: { skip: string }) => g.skip))).toEqual(new Set(["Already started: left unchecked"]));
    expect(await packCount()).toBe(0);
  });

  it("creates one draft pack per game, each with its game's moneyline prop closing at kickoff, audited", async () => {
    const { status, body } = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", dryRun: false });
    expect(status).toBe(200);
    expect(body.plan.created.packs).toHaveLength(13);
    expect(body.plan.created.props).toBe(13);
    const db = await getDb();
    const made = await db.select().from(packs).orderBy(asc(packs.closeTime), asc(packs.title));
    expect(made).toHaveLength(13);
    for (const pack of made) expect(pack).toMatchObject({ status: "draft", league: "nfl", creatorProfileId: admin.id });
    const madeProps = await db
      .select()
      .from(props)
      .where(
        inArray(
          props.packId,
          made.map((p) => p.id),
        ),
      );
    expect(madeProps).toHaveLength(13);
    const atlEvent = await eventIdOf(PRICED_GAME);
    const atlPack = made.find((p) => p.title === "Buccaneers at Falcons")!;
    expect(atlPack.closeTime?.toISOString()).toBe("2025-09-07T17:00:00.000Z");
    const atlProp = madeProps.find((p) => p.packId === atlPack.id)!;
    expect(atlProp).toMatchObject({
      eventId: atlEvent,
      shortLabel: "Buccaneers at Falcons",
      sideAShort: "Buccaneers",
      sideBShort: "Falcons",
      sideAMoneyline: 135,
      sideBMoneyline: -155,
      sideAValue: 338,
      sideBValue: 161,
      gradingRule: "who_wins",
      gradingParams: { homeSide: "B" },
      status: "open",
    });
    expect(atlProp.closeTime?.toISOString()).toBe("2025-09-07T17:00:00.000Z");
    const links = await db.select().from(packEvents).where(eq(packEvents.packId, atlPack.id));
    expect(links.map((l) => l.eventId)).toEqual([atlEvent]);
    const night = made.find((p) => p.title === "Ravens at Bills")!;
    expect(night.closeTime?.toISOString()).toBe("2025-09-08T00:20:00.000Z");
    const audit = await db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.action, ["slate.create", "pack.create", "prop.create"]));
    expect(audit.filter((a) => a.action === "slate.create")).toHaveLength(1);
    expect(audit.filter((a) => a.action === "pack.create")).toHaveLength(13);
    expect(audit.filter((a) => a.action === "prop.create")).toHaveLength(13);
  });

  it("creates nothing twice when the same request comes again", async () => {
    const { status, body } = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", dryRun: false });
    expect(status).toBe(200);
    expect(body.plan).toMatchObject({ packsToCreate: 0, propsToCreate: 0, created: null });
    expect(body.plan.games[0].skip).toMatch(/^Already made: /);
    expect(await packCount()).toBe(13);
  });

  it("makes one slate pack with 13 props once, even when the create is double-clicked", async () => {
    const preview = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "slate" });
    expect(preview.body.plan).toMatchObject({ slateTitle: "NFL Week 1 Sunday Slate", packsToCreate: 1, propsToCreate: 13, created: null });
    const [first, second] = await Promise.all([
      call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "slate", dryRun: false }),
      call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "slate", dryRun: false }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const createdBy = [first, second].filter((r) => r.body.plan.created);
    expect(createdBy).toHaveLength(1);
    expect(createdBy[0]!.body.plan.created.props).toBe(13);
    const db = await getDb();
    const slates = await db.select().from(packs).where(eq(packs.title, "NFL Week 1 Sunday Slate"));
    expect(slates).toHaveLength(1);
    expect(slates[0]).toMatchObject({ packUrl: "nfl-week-1-sunday-slate-2025-09-07", status: "draft", league: "nfl" });
    expect(slates[0]!.closeTime?.toISOString()).toBe("2025-09-08T00:20:00.000Z");
    const slateProps = await db.select().from(props).where(eq(props.packId, slates[0]!.id)).orderBy(asc(props.position));
    expect(slateProps).toHaveLength(13);
    expect(new Set(slateProps.map((p) => p.eventId)).size).toBe(13);
    expect(slateProps[0]!.closeTime?.toISOString()).toBe("2025-09-07T17:00:00.000Z");
    expect(slateProps[12]!.closeTime?.toISOString()).toBe("2025-09-08T00:20:00.000Z");
    expect(await packCount()).toBe(14);
  });

  it("shows an ESPN odds outage as no odds and prices the game even, never failing the preview", async () => {
    const game = "401772829"; // CIN @ CLE
    espn.answer(`${CORE_PREFIX}/football/leagues/nfl/events/${game}/competitions/${game}/odds`, { status: 503, json: { error: "down" } });
    const { status, body } = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "slate", to: "2025-09-07" });
    expect(status).toBe(200);
    const cle = body.plan.games.find((g: { matchup: string }) => g.matchup === "Bengals at Browns");
    expect(cle).toMatchObject({ oddsFound: false, oddsNote: "ESPN odds unavailable", prop: { sideAValue: 250, sideBValue: 250 } });
  });

  it("skips a game that is already final and makes nothing for it", async () => {
    const db = await getDb();
    const monday = await eventIdOf("401772810"); // MIN @ CHI, Monday night
    await db.update(events).set({ status: "final", homeScore: 24, awayScore: 27 }).where(eq(events.id, monday));
    const before = await packCount();
    const { status, body } = await call(slate as Handler, "/api/admin/slate", {
      league: "nfl",
      from: "2025-09-08",
      to: "2025-09-08",
      mode: "perGame",
      dryRun: false,
    });
    expect(status).toBe(200);
    expect(body.plan).toMatchObject({ packsToCreate: 0, propsToCreate: 0, created: null });
    expect(body.plan.games).toEqual([
      expect.objectContaining({ matchup: "Vikings at Bears", skip: "Game is final", oddsNote: "Not looked up" }),
    ]);
    expect(await packCount()).toBe(before);
  });

  it("refuses visitors with 401 and players with 403", async () => {
    expect((await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame" }, null)).status).toBe(401);
    const asPlayer = await call(slate as Handler, "/api/admin/slate", { ...SUNDAY, mode: "perGame", dryRun: false }, player);
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.success).toBe(false);
  });

  it("answers 400 with the reason for bad input", async () => {
    const bad = async (body: unknown) => {
      const answer = await call(slate as Handler, "/api/admin/slate", body);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      return answer.body.error as string;
    };
    expect(await bad({ ...SUNDAY })).toBe("Mode must be perGame or slate");
    expect(await bad({ ...SUNDAY, mode: "perGame", league: "nba" })).toBe("Unsupported league");
    expect(await bad({ ...SUNDAY, mode: "perGame", from: "2025-02-30" })).toBe("Invalid date");
    expect(await bad({ ...SUNDAY, mode: "perGame", from: "2025-09-08", to: "2025-09-07" })).toBe(
      "The range must end on or after its start.",
    );
    expect(await bad({ ...SUNDAY, mode: "perGame", to: "2025-09-20" })).toBe("Pick a day or a week (8 days at most).");
    expect(await bad({ ...SUNDAY, mode: "perGame", dryRun: "yes" })).toBe("dryRun must be true or false");
    expect(await bad({ ...SUNDAY, mode: "perGame", from: "2025-09-10", to: "2025-09-10" })).toBe(
      "No games to make packs from for this league and date.",
    );
    expect(await bad("not an object")).toBeTruthy();
  });
});
