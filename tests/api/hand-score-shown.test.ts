// Every screen says the same thing at the same moment (issue 41 item 2, docs/decisions/060-one-score-per-game.md,
// "What players see"): once the commissioner types a game's result, a player's pack page, the live
// poll and their receipt show that result and its score, not ESPN's stale reading; a corrected
// score shows at once; a game without a hand result still shows ESPN's reading.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as liveRoute } from "@/app/api/live/route";
import { POST as scoreRoute } from "@/app/api/admin/gameScores/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { events, packEvents, receipts } from "@/server/db/schema";
import { getPackPage } from "@/server/packs/get-pack-page";
import { listPacks } from "@/server/packs/list-packs";
import { getReceipt } from "@/server/receipts/get-receipt";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createEvent, createPack, submitTakes, type TestPack } from "../helpers/grading-fixtures";

type AnyHandler = (req: never, ctx: never) => Promise<Response>;

let admin: TestProfile;
let player: TestProfile;
let pack: TestPack;
let typedGame: string;
let espnGame: string;
let receiptId: string;

async function typeScore(eventId: string, homeScore: number, awayScore: number) {
  const req = await apiRequest("/api/admin/gameScores", {
    as: admin,
    body: { scores: [{ eventId, status: "final", homeScore, awayScore }], beforeStart: true },
  });
  const response = await (scoreRoute as AnyHandler)(req as never, routeParams({}) as never);
  expect(response.status).toBe(200);
}

async function packPageGame(eventId: string) {
  const page = await getPackPage({ packURL: pack.packUrl, viewerProfileId: player.id });
  return page.events.find((event) => event.id === eventId)!;
}

async function livePoll(eventId: string) {
  const req = await apiRequest(`/api/live?events=${eventId}`, { as: player });
  const response = await (liveRoute as AnyHandler)(req as never, routeParams({}) as never);
  const body = (await response.json()) as {
    games: Array<{ eventId: string; state: string; homeScore: number | null; awayScore: number | null; version: number }>;
  };
  return body.games.find((game) => game.eventId === eventId)!;
}

async function receiptGame(eventId: string) {
  const receipt = await getReceipt({ packURL: pack.packUrl, receiptId });
  return receipt!.takes.find((take) => take.game?.eventId === eventId)!.game!;
}

async function cardGame(eventId: string) {
  const [card] = await listPacks({ packURLs: [pack.packUrl], viewerProfileId: player.id });
  return card!.games.find((game) => game.id === eventId);
}

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
  // Two games under way by ESPN's last reading, neither final: one the commissioner scores by hand.
  typedGame = (await createEvent({ status: "in_progress" })).eventId;
  espnGame = (await createEvent({ status: "in_progress" })).eventId;
  const db = await getDb();
  for (const [id, home, away] of [
    [typedGame, 7, 3],
    [espnGame, 10, 14],
  ] as const) {
    await db
      .update(events)
      .set({ liveState: "in_progress", statusDetail: "Q2 4:12", period: 2, clock: "4:12", homeScore: home, awayScore: away })
      .where(eq(events.id, id));
  }
  pack = await createPack({ status: "live", props: [{ eventId: typedGame }, { eventId: espnGame }] });
  await db.insert(packEvents).values([typedGame, espnGame].map((eventId) => ({ packId: pack.id, eventId })));
  await submitTakes({
    profile: player,
    pack,
    picks: [
      { propIndex: 0, side: "A" },
      { propIndex: 1, side: "B" },
    ],
  });
  const [receipt] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.profileId, player.id));
  receiptId = receipt!.id;
});
afterAll(async () => {
  await closeTestDb();
});

describe("a game's hand result on player screens", () => {
  it("before any hand result, the pack page, the live poll and the receipt show ESPN's reading", async () => {
    expect(await packPageGame(typedGame)).toMatchObject({ status: "in_progress", liveState: "in_progress", homeScore: 7, awayScore: 3 });
    expect(await livePoll(typedGame)).toMatchObject({ state: "in_progress", homeScore: 7, awayScore: 3 });
    expect(await receiptGame(typedGame)).toMatchObject({ state: "in_progress", homeScore: 7, awayScore: 3 });
  });

  it("after a hand final, every player screen shows the typed score as final, and the live poll publishes a new version", async () => {
    const before = (await livePoll(typedGame)).version;
    await typeScore(typedGame, 24, 17);
    expect(await packPageGame(typedGame)).toMatchObject({
      status: "final",
      liveState: "final",
      statusDetail: null,
      homeScore: 24,
      awayScore: 17,
    });
    const live = await livePoll(typedGame);
    expect(live).toMatchObject({ state: "final", homeScore: 24, awayScore: 17, period: null, clock: null });
    expect(live.version).toBeGreaterThan(before);
    expect(await receiptGame(typedGame)).toMatchObject({ state: "final", homeScore: 24, awayScore: 17 });
    expect(await cardGame(typedGame)).toMatchObject({ status: "final", homeScore: 24, awayScore: 17 });
  });

  it("after the commissioner corrects the score, the screens show the new one at a newer version", async () => {
    const before = (await livePoll(typedGame)).version;
    await typeScore(typedGame, 24, 20);
    expect(await packPageGame(typedGame)).toMatchObject({ status: "final", homeScore: 24, awayScore: 20 });
    const live = await livePoll(typedGame);
    expect(live).toMatchObject({ state: "final", homeScore: 24, awayScore: 20 });
    expect(live.version).toBeGreaterThan(before);
    expect(await receiptGame(typedGame)).toMatchObject({ state: "final", homeScore: 24, awayScore: 20 });
  });

  it("a game with no hand result still shows ESPN's reading everywhere", async () => {
    expect(await packPageGame(espnGame)).toMatchObject({
      status: "in_progress",
      liveState: "in_progress",
      statusDetail: "Q2 4:12",
      homeScore: 10,
      awayScore: 14,
    });
    expect(await livePoll(espnGame)).toMatchObject({ state: "in_progress", period: 2, clock: "4:12", homeScore: 10, awayScore: 14 });
    expect(await receiptGame(espnGame)).toMatchObject({ state: "in_progress", homeScore: 10, awayScore: 14 });
  });

  it("ESPN's next reading of a hand-scored game does not change what players see", async () => {
    const db = await getDb();
    await db
      .update(events)
      .set({ homeScore: 31, awayScore: 3, statusDetail: "Q4 0:10", liveState: "in_progress" })
      .where(eq(events.id, typedGame));
    expect(await packPageGame(typedGame)).toMatchObject({ status: "final", homeScore: 24, awayScore: 20 });
    expect(await livePoll(typedGame)).toMatchObject({ state: "final", homeScore: 24, awayScore: 20 });
  });
});
