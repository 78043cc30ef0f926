// Every price on the record (issue 40 item 4, docs/decisions/056-price-history.md): a "who wins"
// prop on a recorded NFL game is refreshed from the local ESPN replay server twice between three
// players' takes. Each take keeps its own locked price; after lock the closing price is the last
// refresh's and "beat the close" is right for each take; the line history lists every price.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as createPropRoute } from "@/app/api/admin/props/route";
import { GET as pricesRoute, POST as refreshRoute } from "@/app/api/admin/props/[propId]/odds/route";
import { POST as refreshPackRoute } from "@/app/api/admin/packs/[packId]/odds/route";
import { GET as userTakesRoute } from "@/app/api/packs/[packURL]/userTakes/route";
import { getDb } from "@/server/db/client";
import { sideValue } from "@/domain/points";
import { adminAuditLog, events, packEvents, packs, props } from "@/server/db/schema";
import { getReceipt } from "@/server/receipts/get-receipt";
import { submitTakes } from "@/server/takes/submit-takes";
import { updateProp } from "@/server/authoring/update-prop";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { CORE_PREFIX, readFixture, type EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

const GAME = "401547417"; // the recorded core odds: away +135, home −155 (ESPN BET)
const ODDS_ROUTE = `${CORE_PREFIX}/football/leagues/nfl/events/${GAME}/competitions/${GAME}/odds`;
const HOUR = 3_600_000;

let espn: EspnReplayServer;
let admin: TestProfile;
const players: TestProfile[] = [];
let packId: string;
let packURL: string;
let propId: string;
const receipts: string[] = [];

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(
  handler: unknown,
  path: string,
  params: Record<string, string>,
  options: { body?: unknown; as?: TestProfile | null } = {},
) {
  const req = await apiRequest(path, { body: options.body, as: options.as === null ? undefined : (options.as ?? admin) });
  const response = await (handler as Handler)(req, routeParams(params));
  return { status: response.status, body: await response.json() };
}

/** ESPN answers the recorded odds with these moneylines in every provider's quote. */
function serveOdds(away: number, home: number) {
  const recorded = readFixture("odds-nfl-401547417.json") as { items: Array<Record<string, { moneyLine?: number }>> };
  for (const item of recorded.items) {
    if (item.awayTeamOdds) item.awayTeamOdds.moneyLine = away;
    if (item.homeTeamOdds) item.homeTeamOdds.moneyLine = home;
  }
  espn.answer(ODDS_ROUTE, { json: recorded });
}

const refresh = (as?: TestProfile | null) => call(refreshRoute, `/api/admin/props/${propId}/odds`, { propId }, { body: {}, as });

async function take(who: TestProfile, side: "A" | "B") {
  const answer = await submitTakes({ profileId: who.id, packURL, takes: [{ propId, side }], idempotencyKey: randomUUID() });
  receipts.push(answer.receiptId);
  return answer;
}

async function myTake(who: TestProfile) {
  const { status, body } = await call(userTakesRoute, `/api/packs/${packURL}/userTakes?profileID=${who.handle}`, { packURL }, { as: who });
  expect(status).toBe(200);
  return body.items[0];
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  for (let i = 0; i < 3; i++) players.push(await createProfile());
  const db = await getDb();
  const suffix = randomBytes(4).toString("hex");
  const [event] = await db
    .insert(events)
    .values({ league: "nfl", espnEventId: GAME, title: "Lions at Chiefs", startTime: new Date(Date.now() + 2 * HOUR) })
    .returning();
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl: `prices-${suffix}`,
      title: "Lions at Chiefs",
      league: "nfl",
      status: "open",
      openTime: new Date(Date.now() - HOUR),
      closeTime: new Date(Date.now() + 2 * HOUR),
    })
    .returning();
  await db.insert(packEvents).values({ packId: pack!.id, eventId: event!.id });
  packId = pack!.id;
  packURL = pack!.packUrl;
  const created = await call(
    createPropRoute,
    "/api/admin/props",
    {},
    {
      body: {
        packId,
        eventId: event!.id,
        shortLabel: "Lions at Chiefs",
        sideAShort: "Lions",
        sideBShort: "Chiefs",
        sideATake: "The Lions win",
        sideBTake: "The Chiefs win",
        sideAMoneyline: 120,
        sideBMoneyline: -140,
        gradingRule: "who_wins",
        gradingParams: { homeSide: "B" },
      },
    },
  );
  expect(created.status).toBe(201);
  propId = created.body.prop.propID;
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("every price on the record", () => {
  it("keeps each take's own locked price through two odds refreshes, then marks who beat the close", async () => {
    // Take 1 at the authored price: Chiefs −140 (179 points).
    await take(players[0]!, "B");
    expect(await myTake(players[0]!)).toMatchObject({
      lockedValue: 179,
      lockedMoneyline: -140,
      nowMoneyline: -140,
      closingMoneyline: null,
    });

    // Refresh 1: ESPN moves the Lions out to +150 and the Chiefs to −170.
    serveOdds(150, -170);
    const first = await refresh();
    expect(first.status).toBe(200);
    expect(first.body.refresh).toMatchObject({ changed: true, provider: "ESPN BET", sideAMoneyline: 150, sideBMoneyline: -170 });
    await take(players[1]!, "A"); // Lions +150: 375 points

    // Refresh 2: the recorded quote, Lions +135 and Chiefs −155; this is the price the prop closes on.
    serveOdds(135, -155);
    expect((await refresh()).body.refresh).toMatchObject({ changed: true, sideAMoneyline: 135, sideBMoneyline: -155 });
    await take(players[2]!, "A"); // Lions +135: 338 points

    // Each take shows its own locked price, and the price now while the prop is open.
    expect(await myTake(players[0]!)).toMatchObject({ lockedValue: 179, lockedMoneyline: -140, nowMoneyline: -155, nowValue: 161 });
    expect(await myTake(players[1]!)).toMatchObject({ lockedValue: 375, lockedMoneyline: 150, nowMoneyline: 135, nowValue: 338 });
    expect(await myTake(players[2]!)).toMatchObject({ lockedValue: 338, lockedMoneyline: 135, nowMoneyline: 135, closingMoneyline: null });

    // The game starts: the prop locks at its close time.
    const db = await getDb();
    await db.update(props).set({ closeTime: new Date() }).where(eq(props.id, propId));

    // Closing price: Lions +135 (338), Chiefs −155 (161). Compared in points.
    const closed = await Promise.all(players.map(myTake));
    expect(closed.map((t) => [t.lockedMoneyline, t.closingMoneyline, t.closingValue, t.nowMoneyline, t.beatTheClose])).toEqual([
      [-140, -155, 161, null, true], // 179 > 161
      [150, 135, 338, null, true], // 375 > 338
      [135, 135, 338, null, false], // 338 = 338: not better than the close
    ]);

    // The receipt says the same, with the chart's text alternative.
    const receipt = await getReceipt({ packURL, receiptId: receipts[1]! });
    expect(receipt!.takes[0]!.prices).toMatchObject({
      locked: { value: 375, moneyline: 150 },
      now: null,
      closing: { moneyline: 135, value: 338 },
      beatTheClose: true,
    });
    expect(receipt!.takes[0]!.chart!.summary).toBe(
      "Lions price moved from +120 to +135 since open; Chiefs price moved from \u2212140 to \u2212155 since open.",
    );
  });

  it("lists every price the prop has had, newest first, with what set it", async () => {
    const { status, body } = await call(pricesRoute, `/api/admin/props/${propId}/odds`, { propId });
    expect(status).toBe(200);
    expect(body.prices.map((p: Record<string, unknown>) => [p.source, p.sideAMoneyline, p.sideBMoneyline, p.actorHandle])).toEqual([
      ["odds_refresh", 135, -155, admin.handle],
      ["odds_refresh", 150, -170, admin.handle],
      ["authoring", 120, -140, admin.handle],
    ]);
    const times = body.prices.map((p: { recordedAt: string }) => Date.parse(p.recordedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("refuses a refresh once the prop has locked, with a clear reason, and keeps the close", async () => {
    serveOdds(110, -130);
    const late = await refresh();
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, code: "prop_locked", error: expect.stringContaining("locked") });
    const pack = await call(refreshPackRoute, `/api/admin/packs/${packId}/odds`, { packId }, { body: {} });
    expect(pack.status).toBe(200);
    expect(pack.body).toMatchObject({ refreshed: [], skipped: [{ propId, reason: expect.stringContaining("locked") }] });
    expect((await myTake(players[1]!)).closingMoneyline).toBe(135);
  });

  it("refuses visitors and players, and audits each admin refresh", async () => {
    expect((await refresh(null)).status).toBe(401);
    expect((await refresh(players[0]!)).status).toBe(403);
    const db = await getDb();
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "prop.odds-refresh"));
    expect(audit.filter((a) => a.entityId === propId)).toHaveLength(2);
  });

  it("says why a prop without an ESPN source cannot be refreshed", async () => {
    const created = await call(
      createPropRoute,
      "/api/admin/props",
      {},
      {
        body: { packId, shortLabel: "Coin toss", sideAShort: "Heads", sideBShort: "Tails", sideATake: "Heads", sideBTake: "Tails" },
      },
    );
    const id = created.body.prop.propID;
    const answer = await call(refreshRoute, `/api/admin/props/${id}/odds`, { propId: id }, { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: "no_odds_source", error: expect.stringContaining("no game") });
  });

  it("under concurrent edits, refreshes and takes, the last price on the history is the prop's and every take's price is on it", async () => {
    const db = await getDb();
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.espnEventId, GAME));
    const created = await call(
      createPropRoute,
      "/api/admin/props",
      {},
      {
        body: {
          packId,
          eventId: event!.id,
          shortLabel: "Lions at Chiefs, again",
          sideAShort: "Lions",
          sideBShort: "Chiefs",
          sideATake: "The Lions win",
          sideBTake: "The Chiefs win",
          sideAMoneyline: 100,
          sideBMoneyline: -120,
          gradingRule: "who_wins",
          gradingParams: { homeSide: "B" },
        },
      },
    );
    const racedId: string = created.body.prop.propID;
    serveOdds(140, -160);
    const racers = await Promise.all(Array.from({ length: 6 }, () => createProfile()));
    await Promise.all([
      ...[110, 125, 160, 180].map((line) =>
        updateProp({ propId: racedId, actorProfileId: admin.id, sideAMoneyline: line, sideBMoneyline: -line - 20 }),
      ),
      ...[0, 1, 2].map(() => call(refreshRoute, `/api/admin/props/${racedId}/odds`, { propId: racedId }, { body: {} })),
      ...racers.map((who, i) =>
        submitTakes({ profileId: who.id, packURL, takes: [{ propId: racedId, side: i % 2 ? "A" : "B" }], idempotencyKey: randomUUID() }),
      ),
    ]);
    const [prop] = await db.select().from(props).where(eq(props.id, racedId));
    const history = (await call(pricesRoute, `/api/admin/props/${racedId}/odds`, { propId: racedId })).body.prices;
    expect([history[0].sideAMoneyline, history[0].sideBMoneyline]).toEqual([prop!.sideAMoneyline, prop!.sideBMoneyline]);
    for (const who of racers) {
      const { body } = await call(userTakesRoute, `/api/packs/${packURL}/userTakes?profileID=${who.handle}`, { packURL }, { as: who });
      const mine = body.items.find((t: { propID: string }) => t.propID === racedId);
      expect(mine.lockedMoneyline, "the price the take locked is on the history").not.toBeNull();
      expect(sideValue(mine.lockedMoneyline)).toBe(mine.lockedValue);
    }
  });
});
