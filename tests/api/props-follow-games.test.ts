// Props follow their games (docs/decisions/043-props-follow-their-games.md): a real NFL Sunday
// (ESPN's recorded 2024-12-15 scoreboard, moved to a coming Sunday; tests/helpers/replay-sunday.ts)
// is imported through the real import route, made into one slate pack, and then ESPN's schedule
// and results change under it: a moved game carries its props' close, a game that kicks off stops
// taking picks at once, and the finals close the pack.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { POST as slate } from "@/app/api/admin/slate/route";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { getDb } from "@/server/db/client";
import { events, packs, props } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { SITE_PREFIX, type EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";
import { replaySunday, sundayAfter } from "../helpers/replay-sunday";

let espn: EspnReplayServer;
let admin: TestProfile;
let player: TestProfile;
const SEASON = 2026;
const WEEK = 12;
const SUNDAY = sundayAfter(new Date(), 1);
const ROUTE = `${SITE_PREFIX}/football/nfl/scoreboard?dates=${SEASON}&seasontype=2&week=${WEEK}`;
let pack: { id: string; packUrl: string };

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, body: unknown, as: TestProfile = admin, params: Record<string, string> = {}) {
  const response = await handler(await apiRequest(path, { body, as }), routeParams(params));
  return { status: response.status, body: await response.json() };
}

/** ESPN's scoreboard for the week, with `edit` applied to the named games (away @ home). */
function board(phase: "scheduled" | "final", edit: Record<string, (event: Record<string, unknown>) => void> = {}) {
  const json = replaySunday({ sunday: SUNDAY, phase, season: SEASON, week: WEEK }) as {
    events: Array<Record<string, unknown> & { shortName: string }>;
  };
  for (const event of json.events) edit[event.shortName]?.(event);
  return json;
}
const startAt = (iso: string) => (event: Record<string, unknown>) => {
  event.date = iso;
  for (const competition of event.competitions as Array<Record<string, unknown>>) {
    competition.date = iso;
    competition.startDate = iso;
  }
};
const kickedOff = (event: Record<string, unknown>) => {
  const status = {
    clock: 900,
    displayClock: "15:00",
    period: 1,
    type: {
      id: "2",
      name: "STATUS_IN_PROGRESS",
      state: "in",
      completed: false,
      description: "In Progress",
      detail: "1st Quarter",
      shortDetail: "1st",
    },
  };
  event.status = status;
  for (const competition of event.competitions as Array<Record<string, unknown>>) competition.status = status;
};

async function importWeek() {
  const answer = await call(fetchNflEvents as Handler, "/api/admin/fetchNflEvents", { year: SEASON, week: WEEK });
  expect(answer.status).toBe(200);
  expect(answer.body.processedCount).toBe(13);
}

async function propOf(shortName: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: props.id, closeTime: props.closeTime, start: events.startTime })
    .from(props)
    .innerJoin(events, eq(events.id, props.eventId))
    .where(eq(events.shortName, shortName));
  return row!;
}

async function packClose() {
  const db = await getDb();
  const [row] = await db.select({ closeTime: packs.closeTime }).from(packs).where(eq(packs.id, pack.id));
  return row!.closeTime!;
}

async function pick(propId: string) {
  return call(
    submitRoute as Handler,
    `/api/packs/${pack.packUrl}/takes`,
    { takes: [{ propId, side: "A" }], idempotencyKey: randomUUID() },
    player,
    { packURL: pack.packUrl },
  );
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
  espn.answer(ROUTE, { json: board("scheduled") });
  await importWeek();
  const made = await call(slate as Handler, "/api/admin/slate", { league: "nfl", from: SUNDAY, to: SUNDAY, mode: "slate", dryRun: false });
  expect(made.status).toBe(200);
  pack = made.body.plan.created.packs[0];
  const db = await getDb();
  await db.update(packs).set({ status: "open" }).where(eq(packs.id, pack.id));
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("props follow their games", () => {
  it("each moneyline prop of the slate closes at its game's kickoff and the pack at the last one", async () => {
    const night = await propOf("GB @ SEA");
    expect(night.closeTime!.toISOString()).toBe(night.start!.toISOString());
    expect((await packClose()).toISOString()).toBe(night.start!.toISOString());
  });

  it("when ESPN moves a game, its prop closes at the new kickoff, and a pack ending with it follows; a prop with a close of its own stays put", async () => {
    const night = await propOf("GB @ SEA");
    const early = await propOf("KC @ CLE");
    const own = await propOf("CIN @ TEN");
    const ownClose = new Date(own.start!.getTime() - 30 * 60_000);
    const db = await getDb();
    await db.update(props).set({ closeTime: ownClose }).where(eq(props.id, own.id));

    const later = new Date(night.start!.getTime() + 60 * 60_000).toISOString();
    const earlier = new Date(early.start!.getTime() - 3 * 60 * 60_000).toISOString();
    const ownMoved = new Date(own.start!.getTime() + 60 * 60_000).toISOString();
    espn.answer(ROUTE, {
      json: board("scheduled", { "GB @ SEA": startAt(later), "KC @ CLE": startAt(earlier), "CIN @ TEN": startAt(ownMoved) }),
    });
    await importWeek();

    expect((await propOf("GB @ SEA")).closeTime!.toISOString()).toBe(later);
    expect((await propOf("KC @ CLE")).closeTime!.toISOString()).toBe(earlier);
    expect((await propOf("CIN @ TEN")).closeTime!.toISOString()).toBe(ownClose.toISOString());
    expect((await packClose()).toISOString()).toBe(later);
  });

  it("a game ESPN reports kicked off stops taking picks at once, though its planned kickoff is still ahead; the other games still take them", async () => {
    const started = await propOf("KC @ CLE");
    const other = await propOf("BAL @ NYG");
    expect((await pick(started.id)).status).toBe(200);

    espn.answer(ROUTE, { json: board("scheduled", { "KC @ CLE": kickedOff }) });
    await importWeek();

    const refused = await pick(started.id);
    expect(refused.status).toBe(409);
    expect(refused.body.success).toBe(false);
    expect((await propOf("KC @ CLE")).closeTime!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await pick(other.id)).status).toBe(200);
    expect((await packClose()).getTime()).toBeGreaterThan(Date.now());
  });

  it("when ESPN reports every game final, every prop and the pack stop taking picks", async () => {
    espn.answer(ROUTE, { json: board("final") });
    await importWeek();
    expect((await packClose()).getTime()).toBeLessThanOrEqual(Date.now());
    const answer = await pick((await propOf("BAL @ NYG")).id);
    expect(answer.status).toBe(409);
    // Importing the same finals again changes nothing more.
    const before = await packClose();
    await importWeek();
    expect((await packClose()).toISOString()).toBe(before.toISOString());
  });
});
