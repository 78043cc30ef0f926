// The one grading queue (docs/SCREENS.md §3.14; issue 24 item 2): every prop whose game is over
// or whose close has passed, across packs, with score, status and the suggested result of its
// rule (docs/decisions/027-auto-grading-sources.md), and bulk accept through the grading use-case.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as queueRoute } from "@/app/api/admin/gradingQueue/route";
import { POST as previewRoute } from "@/app/api/admin/gradingQueue/preview/route";
import { POST as acceptRoute } from "@/app/api/admin/gradingQueue/accept/route";
import { resetServerEnvCache } from "@/env";
import { getDb, queryRows } from "@/server/db/client";
import { events, props, type EVENT_STATUSES } from "@/server/db/schema";
import type { PackStatus } from "@/domain/authoring";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createEvent, createPack, ledgerOf, submitTakes, type TestPack } from "../helpers/grading-fixtures";

let admin: TestProfile;
let player: TestProfile;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
});
afterAll(closeTestDb);

type Body = Record<string, unknown> & { success?: boolean; error?: string };
type AnyHandler = (req: never, ctx: never) => Promise<Response>;

async function call(handler: AnyHandler, url: string, options: { as?: TestProfile; body?: unknown } = {}) {
  const req = await apiRequest(url, { as: options.as ?? admin, body: options.body });
  const response = await handler(req as never, routeParams({}) as never);
  return { status: response.status, body: (await response.json()) as Body };
}

/** A pack with one who-wins prop (home team → side A) on a game with the given status and score. */
async function packOnGame(
  game: { status: (typeof EVENT_STATUSES)[number]; home?: number; away?: number },
  pack: { closeTime?: Date | null; status?: PackStatus } = {},
) {
  const created = await createPack({ props: [{}], closeTime: pack.closeTime, status: pack.status });
  const { eventId } = await createEvent({ packId: created.id, status: game.status });
  const db = await getDb();
  await db
    .update(events)
    .set({ homeScore: game.home ?? null, awayScore: game.away ?? null })
    .where(eq(events.id, eventId));
  await db
    .update(props)
    .set({ eventId, gradingRule: "who_wins", gradingParams: { homeSide: "A" } })
    .where(eq(props.id, created.props[0]!.id));
  return created;
}

type Queued = {
  propId: string;
  packURL: string;
  suggested: { outcome: string; resultText: string } | null;
  event: { status: string; homeScore: number | null } | null;
  autoGrade: { state: string } | null;
};

async function queue(): Promise<Queued[]> {
  const all: Queued[] = [];
  let cursor: string | null = null;
  do {
    const { body } = await call(queueRoute as AnyHandler, `/api/admin/gradingQueue${cursor ? `?cursor=${cursor}` : ""}`);
    all.push(...(body.props as Queued[]));
    cursor = body.nextCursor as string | null;
  } while (cursor);
  return all;
}

let finalPack: TestPack;
let lostPack: TestPack;
let openFinalPack: TestPack;
let liveGamePack: TestPack;
let futurePack: TestPack;

describe("the grading queue", () => {
  beforeAll(async () => {
    // Home won 24-17: side A wins. The player took A here, B on the other final.
    finalPack = await packOnGame({ status: "final", home: 24, away: 17 });
    lostPack = await packOnGame({ status: "final", home: 3, away: 10 });
    // Still open to picks, but the game is over: it belongs in the queue too.
    openFinalPack = await packOnGame(
      { status: "final", home: 1, away: 0 },
      { closeTime: new Date(Date.now() + 86_400_000), status: "open" },
    );
    // Closed for picks, game still going: listed, no suggestion.
    liveGamePack = await packOnGame({ status: "in_progress", home: 7, away: 7 });
    // Neither over nor closed: not in the queue.
    futurePack = await packOnGame({ status: "scheduled" }, { closeTime: new Date(Date.now() + 86_400_000), status: "open" });
    await submitTakes({ profile: player, pack: finalPack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: player, pack: lostPack, picks: [{ propIndex: 0, side: "A" }] });
  });

  it("lists every prop whose game is over or whose close has passed, with the game's score and the suggested result", async () => {
    const listed = await queue();
    const byPack = new Map(listed.map((row) => [row.packURL, row]));
    expect(byPack.get(finalPack.packUrl)).toMatchObject({
      suggested: { outcome: "A" },
      event: { status: "final", homeScore: 24 },
      autoGrade: { state: "ready" },
    });
    expect(byPack.get(lostPack.packUrl)?.suggested?.outcome).toBe("B");
    expect(byPack.get(openFinalPack.packUrl)?.suggested?.outcome).toBe("A");
    expect(byPack.get(liveGamePack.packUrl)).toMatchObject({ suggested: null, autoGrade: { state: "waiting" } });
    expect(byPack.has(futurePack.packUrl)).toBe(false);
  });

  it("pages by keyset without skipping or repeating a prop", async () => {
    const extra = [];
    for (let i = 0; i < 55; i++) extra.push(await createPack({ props: [{}] }));
    const listed = await queue();
    expect(new Set(listed.map((row) => row.propId)).size).toBe(listed.length);
    for (const pack of extra) expect(listed.some((row) => row.packURL === pack.packUrl)).toBe(true);
    expect((await call(queueRoute as AnyHandler, "/api/admin/gradingQueue?cursor=Zm9v")).status).toBe(400);
  });

  it("says before accepting how many props it grades, players it pays and texts it sends, and skips props it cannot grade", async () => {
    const propIds = [finalPack.props[0]!.id, lostPack.props[0]!.id, liveGamePack.props[0]!.id];
    const { status, body } = await call(previewRoute as AnyHandler, "/api/admin/gradingQueue/preview", { body: { propIds } });
    expect(status).toBe(200);
    // Two props graded; the player wins one of them; both their packs complete, and the player is texted once per pack.
    expect(body).toMatchObject({ props: 2, players: 1, texts: 2, skipped: [liveGamePack.props[0]!.id] });
  });

  it("accepts the suggested results through the grading use-case: props graded, the winner paid, the queue shorter", async () => {
    const propIds = [finalPack.props[0]!.id, lostPack.props[0]!.id, liveGamePack.props[0]!.id];
    const { status, body } = await call(acceptRoute as AnyHandler, "/api/admin/gradingQueue/accept", { body: { propIds } });
    expect(status).toBe(200);
    expect(body.skipped).toEqual([liveGamePack.props[0]!.id]);
    expect((body.results as unknown[]).length).toBe(2);
    expect(body.textsQueued).toBe(2);
    const statuses = await queryRows<{ id: string; status: string; result_text: string }>(
      await getDb(),
      sql`select id, status, result_text from props where id in (${finalPack.props[0]!.id}::uuid, ${lostPack.props[0]!.id}::uuid)`,
    );
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [finalPack.props[0]!.id]: "gradedA",
      [lostPack.props[0]!.id]: "gradedB",
    });
    const ledger = await ledgerOf(player.id);
    expect(ledger.map((row) => row.kind)).toEqual(["take_payout"]);
    const listed = await queue();
    expect(listed.some((row) => row.propId === finalPack.props[0]!.id)).toBe(false);
    expect(listed.some((row) => row.propId === liveGamePack.props[0]!.id)).toBe(true);
    // Accepting again grades nothing twice.
    const again = await call(acceptRoute as AnyHandler, "/api/admin/gradingQueue/accept", { body: { propIds: [finalPack.props[0]!.id] } });
    expect(again.body).toMatchObject({ results: [], skipped: [finalPack.props[0]!.id] });
    expect(await ledgerOf(player.id)).toHaveLength(1);
  });

  it("answers an empty or malformed selection with 400, and refuses visitors and players", async () => {
    expect(await call(acceptRoute as AnyHandler, "/api/admin/gradingQueue/accept", { body: { propIds: [] } })).toEqual({
      status: 400,
      body: { success: false, error: "Select at least one prop." },
    });
    expect((await call(previewRoute as AnyHandler, "/api/admin/gradingQueue/preview", { body: { propIds: ["nope"] } })).status).toBe(400);
    expect(
      (await call(acceptRoute as AnyHandler, "/api/admin/gradingQueue/accept", { as: player, body: { propIds: [finalPack.props[0]!.id] } }))
        .status,
    ).toBe(403);
    const visitor = await queueRoute((await apiRequest("/api/admin/gradingQueue")) as never, routeParams({}) as never);
    expect(visitor.status).toBe(401);
  });
});
