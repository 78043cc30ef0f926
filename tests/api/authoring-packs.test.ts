import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as listPacks, POST as createPack } from "@/app/api/admin/packs/route";
import { DELETE as deletePack, GET as getPack, PATCH as updatePack } from "@/app/api/admin/packs/[packId]/route";
import { POST as setFeatured } from "@/app/api/admin/packs/[packId]/featured/route";
import { POST as copyProps, PUT as reorderProps } from "@/app/api/admin/packs/[packId]/props/route";
import { POST as setStatus } from "@/app/api/admin/packs/[packId]/status/route";
import { GET as eventOdds } from "@/app/api/admin/events/[eventId]/odds/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { POST as createProp } from "@/app/api/admin/props/route";
import { DELETE as deleteProp, PATCH as updateProp } from "@/app/api/admin/props/[propId]/route";
import { POST as setPropStatus } from "@/app/api/admin/props/[propId]/status/route";
import { POST as createSuperProp } from "@/app/api/admin/props/super/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, events, packs, receipts, takes } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;
const eventIds: Record<string, string> = {};
const FUTURE = "2099-01-01T18:00:00.000Z";

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, options: { body?: unknown; method?: string; params?: Record<string, string> } = {}) {
  const response = await handler(
    await apiRequest(path, { body: options.body, method: options.method, as: admin }),
    routeParams(options.params ?? {}),
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  await call(fetchNflEvents as Handler, "/api/admin/fetchNflEvents", { body: { year: 2025, week: 1 } });
  await call(fetchMlbEvents as Handler, "/api/admin/fetchMlbEvents", { body: { date: "20250604" } });
  const db = await getDb();
  for (const row of await db.select({ id: events.id, espnEventId: events.espnEventId }).from(events)) {
    eventIds[row.espnEventId!] = row.id;
  }
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

const newPack = (overrides: Record<string, unknown> = {}) => ({
  title: "Week 1 Kickoff",
  packUrl: "week-1-kickoff",
  league: "nfl",
  summary: "The opener and the Brazil game.",
  eventIds: [eventIds["401772510"], eventIds["401772714"]],
  closeTime: FUTURE,
  ...overrides,
});

const newProp = (packId: string, overrides: Record<string, unknown> = {}) => ({
  packId,
  eventId: eventIds["401772510"],
  shortLabel: "Who wins DAL @ PHI?",
  sideAShort: "DAL",
  sideBShort: "PHI",
  sideATake: "The Cowboys win in Philadelphia",
  sideBTake: "The Eagles hold serve",
  sideAMoneyline: 150,
  sideBMoneyline: -150,
  ...overrides,
});

describe("creating and editing packs", () => {
  let packId: string;

  it("creates a draft pack with its events, in the order given, and audits it", async () => {
    const { status, body } = await call(createPack as Handler, "/api/admin/packs", { body: newPack() });
    expect(status).toBe(201);
    packId = body.pack.id;
    expect(body.pack).toMatchObject({
      packUrl: "week-1-kickoff",
      status: "draft",
      featured: false,
      creatorHandle: admin.handle,
      propsCount: 0,
      events: [{ shortName: "DAL @ PHI" }, { shortName: "KC VS LAC" }],
    });
    const db = await getDb();
    const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "pack.create"));
    expect(audit).toMatchObject({ actorProfileId: admin.id, entityId: packId });
  });

  it("refuses a bad URL slug, a taken one, an event from another league and a close before the open", async () => {
    for (const packUrl of ["Week 1", "-week", "a".repeat(81), "week_1", ""]) {
      const { status, body } = await call(createPack as Handler, "/api/admin/packs", { body: newPack({ packUrl }) });
      expect(status, packUrl).toBe(400);
      expect(body.error).toMatch(/^Pack URL must be/);
    }
    expect(await call(createPack as Handler, "/api/admin/packs", { body: newPack() })).toMatchObject({
      status: 409,
      body: { error: "That pack URL is already taken." },
    });
    expect(
      (await call(createPack as Handler, "/api/admin/packs", { body: newPack({ packUrl: "mixed", eventIds: [eventIds["401695827"]] }) }))
        .body.error,
    ).toBe("Events must be in the pack's league.");
    expect(
      (
        await call(createPack as Handler, "/api/admin/packs", {
          body: newPack({ packUrl: "backwards", openTime: FUTURE, closeTime: "2098-01-01T00:00:00Z" }),
        })
      ).body.error,
    ).toBe("Close time must be after open time.");
  });

  it("adds props with point values from the moneylines and the close time from the game's start", async () => {
    const { status, body } = await call(createProp as Handler, "/api/admin/props", { body: newProp(packId) });
    expect(status).toBe(201);
    expect(body.prop).toMatchObject({
      packURL: "week-1-kickoff",
      position: 0,
      propShort: "Who wins DAL @ PHI?",
      propTitle: "Who wins DAL @ PHI?",
      sideAValue: 375,
      sideBValue: 167,
      // Its game (and so its close) is in the past by now: the clock reads it closed (decision 065).
      status: "closed",
      closedByClock: true,
      closeTime: "2025-09-05T00:20:00.000Z",
      propEventMatchup: "DAL @ PHI",
      propESPNLookup: "401772510",
    });
    const second = await call(createProp as Handler, "/api/admin/props", {
      body: newProp(packId, {
        eventId: eventIds["401772714"],
        shortLabel: "Total points in São Paulo",
        sideAShort: "Over 45.5",
        sideBShort: "Under 45.5",
        sideATake: "Points galore",
        sideBTake: "A defensive grind",
        sideAMoneyline: null,
        sideBMoneyline: null,
        closeTime: "2098-12-31T23:00:00.000Z",
        gradingRule: "total_over_under",
        gradingParams: { line: 45.5, overSide: "A" },
      }),
    });
    expect(second.body.prop).toMatchObject({
      position: 1,
      sideAValue: 250,
      sideBValue: 250,
      closeTime: "2098-12-31T23:00:00.000Z",
      gradingRule: "total_over_under",
    });
  });

  it("validates moneylines, sides and auto-grade rules like the form does", async () => {
    const bad = async (overrides: Record<string, unknown>) =>
      (await call(createProp as Handler, "/api/admin/props", { body: newProp(packId, overrides) })).body.error;
    expect(await bad({ sideAMoneyline: 50 })).toBe("Moneylines are whole numbers of at least +100 or at most −100.");
    expect(await bad({ sideBTake: "  " })).toBe("Side B needs a take sentence.");
    expect(await bad({ gradingRule: "spread", gradingParams: { line: -3 } })).toBe("The auto-grade rule needs its line and sides.");
    expect(await bad({ eventId: eventIds["401695827"] })).toBe("The prop's event must be in the pack's league.");
  });

  it("fills moneylines from ESPN odds for 'Use ESPN odds'", async () => {
    const id = eventIds["401695826"]!;
    const { body } = await call(eventOdds as Handler, `/api/admin/events/${id}/odds`, { params: { eventId: id } });
    expect(body.odds).toMatchObject({ provider: "ESPN BET", homeMoneyline: 165, awayMoneyline: -200 });
    const none = eventIds["401772510"]!;
    expect((await call(eventOdds as Handler, `/api/admin/events/${none}/odds`, { params: { eventId: none } })).body).toEqual({
      success: true,
      odds: null,
    });
  });

  it("edits a prop's moneylines and recomputes its values", async () => {
    const { body } = await call(getPack as Handler, `/api/admin/packs/${packId}`, { params: { packId } });
    const propId = body.pack.props[0].propID;
    const edited = await call(updateProp as Handler, `/api/admin/props/${propId}`, {
      method: "PATCH",
      body: { sideAMoneyline: -110, sideBMoneyline: 100, summary: "Season opener" },
      params: { propId },
    });
    expect(edited.body.prop).toMatchObject({ sideAValue: 227, sideBValue: 250, propSummary: "Season opener" });
  });

  it("reorders props, insisting on the pack's exact set", async () => {
    const { body } = await call(getPack as Handler, `/api/admin/packs/${packId}`, { params: { packId } });
    const [first, second] = body.pack.props.map((p: { propID: string }) => p.propID);
    const reordered = await call(reorderProps as Handler, `/api/admin/packs/${packId}/props`, {
      method: "PUT",
      body: { propIds: [second, first] },
      params: { packId },
    });
    expect(reordered.body.props.map((p: { propID: string; position: number }) => [p.propID, p.position])).toEqual([
      [second, 0],
      [first, 1],
    ]);
    expect(
      (
        await call(reorderProps as Handler, `/api/admin/packs/${packId}/props`, {
          method: "PUT",
          body: { propIds: [second] },
          params: { packId },
        })
      ).status,
    ).toBe(400);
  });

  it("moves through draft → coming-soon → open → live, refusing jumps the rules forbid", async () => {
    const status = (value: string) =>
      call(setStatus as Handler, `/api/admin/packs/${packId}/status`, { body: { status: value }, params: { packId } });
    expect(await status("graded")).toMatchObject({ status: 409, body: { error: "A draft pack cannot become graded." } });
    expect((await status("coming-soon")).body.pack.status).toBe("coming-soon");
    expect((await status("open")).body.pack.status).toBe("open");
    expect(await status("draft")).toMatchObject({ status: 409 });
    expect((await status("live")).body.pack.status).toBe("live");
    expect((await status("open")).body.pack.status).toBe("open");
  });

  it("will not open a pack without props or without a future close time", async () => {
    const empty = await call(createPack as Handler, "/api/admin/packs", { body: newPack({ packUrl: "empty-pack", eventIds: [] }) });
    const emptyId = empty.body.pack.id;
    expect(
      await call(setStatus as Handler, `/api/admin/packs/${emptyId}/status`, { body: { status: "open" }, params: { packId: emptyId } }),
    ).toMatchObject({
      status: 400,
      body: { error: "Add at least one prop before opening the pack." },
    });
    await call(createProp as Handler, "/api/admin/props", { body: newProp(emptyId) });
    await call(updatePack as Handler, `/api/admin/packs/${emptyId}`, {
      method: "PATCH",
      body: { closeTime: "2020-01-01T00:00:00Z" },
      params: { packId: emptyId },
    });
    expect(
      (await call(setStatus as Handler, `/api/admin/packs/${emptyId}/status`, { body: { status: "open" }, params: { packId: emptyId } }))
        .body.error,
    ).toBe("Set a close time in the future before opening the pack.");
  });

  it("features one pack at a time", async () => {
    const other = await call(createPack as Handler, "/api/admin/packs", { body: newPack({ packUrl: "other-pack" }) });
    const otherId = other.body.pack.id;
    await call(setFeatured as Handler, `/api/admin/packs/${packId}/featured`, { body: { featured: true }, params: { packId } });
    await call(setFeatured as Handler, `/api/admin/packs/${otherId}/featured`, { body: { featured: true }, params: { packId: otherId } });
    const db = await getDb();
    const featured = await db.select({ id: packs.id }).from(packs).where(eq(packs.featured, true));
    expect(featured.map((p) => p.id)).toEqual([otherId]);
  });

  it("edits pack fields and events, keeping the URL unique", async () => {
    const { body } = await call(updatePack as Handler, `/api/admin/packs/${packId}`, {
      method: "PATCH",
      body: { title: "Week 1 Openers", prizeTitle: "Signed ball", prizePoints: 1000, eventIds: [eventIds["401772714"]] },
      params: { packId },
    });
    expect(body.pack).toMatchObject({
      title: "Week 1 Openers",
      prizeTitle: "Signed ball",
      prizePoints: 1000,
      events: [{ shortName: "KC VS LAC" }],
    });
    expect(
      (
        await call(updatePack as Handler, `/api/admin/packs/${packId}`, {
          method: "PATCH",
          body: { packUrl: "other-pack" },
          params: { packId },
        })
      ).status,
    ).toBe(409);
  });

  it("copies existing props into another pack", async () => {
    const { body } = await call(getPack as Handler, `/api/admin/packs/${packId}`, { params: { packId } });
    const target = await call(createPack as Handler, "/api/admin/packs", { body: newPack({ packUrl: "copy-target" }) });
    const targetId = target.body.pack.id;
    const copied = await call(copyProps as Handler, `/api/admin/packs/${targetId}/props`, {
      body: { copyPropIds: body.pack.props.map((p: { propID: string }) => p.propID) },
      params: { packId: targetId },
    });
    expect(copied.status).toBe(201);
    expect(copied.body.props.map((p: { packURL: string; position: number }) => [p.packURL, p.position])).toEqual([
      ["copy-target", 0],
      ["copy-target", 1],
    ]);
  });

  it("lists packs by status and search", async () => {
    const { body } = await call(listPacks as Handler, "/api/admin/packs?statuses=open&q=openers");
    expect(body.packs.map((p: { packUrl: string }) => p.packUrl)).toEqual(["week-1-kickoff"]);
    const byEvent = await call(listPacks as Handler, "/api/admin/packs?q=Chargers&sort=oldest");
    expect(byEvent.body.packs.map((p: { packUrl: string }) => p.packUrl)).toContain("week-1-kickoff");
  });

  it("pages a list longer than any page by cursor: every pack once, in order, whatever the sort", async () => {
    const db = await getDb();
    const base = Date.UTC(2031, 0, 1);
    // 130 archived packs, some sharing a created time and some with no close time: ties and nulls
    // must neither repeat nor drop a row across pages.
    await db.insert(packs).values(
      Array.from({ length: 130 }, (_, n): typeof packs.$inferInsert => ({
        packUrl: `paged-${String(n).padStart(3, "0")}`,
        title: `Paged ${n}`,
        league: "nfl",
        status: "archived",
        createdAt: new Date(base + Math.floor(n / 3) * 60_000),
        closeTime: n % 7 === 0 ? null : new Date(base + 86_400_000 + (n % 40) * 3_600_000),
      })),
    );
    for (const sort of ["newest", "oldest", "close_asc", "close_desc"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer: {
          status: number;
          body: { packs: Array<{ packUrl: string; closeTime: string | null; createdAt: string }>; nextCursor: string | null };
        } = await call(
          listPacks as Handler,
          `/api/admin/packs?statuses=archived&q=paged-&sort=${sort}&limit=50${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(answer.status).toBe(200);
        expect(answer.body.packs.length).toBeLessThanOrEqual(50);
        seen.push(...answer.body.packs.map((pack) => pack.packUrl));
        cursor = answer.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages, sort).toBe(3);
      expect(new Set(seen).size, sort).toBe(130);
      expect(seen, sort).toHaveLength(130);
    }
    const firstPage = await call(listPacks as Handler, "/api/admin/packs?statuses=archived&q=paged-&sort=close_asc&limit=50");
    const closes = firstPage.body.packs.map((pack: { closeTime: string | null }) => pack.closeTime);
    expect(closes).toEqual([...closes].sort());
    expect(closes.every((close: string | null) => close !== null)).toBe(true);
  });

  it("refuses a cursor it did not make with a clear 400", async () => {
    for (const cursor of ["nonsense", Buffer.from('["x","y"]').toString("base64url"), "a".repeat(500), "%00"]) {
      const answer = await call(listPacks as Handler, `/api/admin/packs?cursor=${cursor}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: expect.stringMatching(/cursor|invalid/i) });
    }
  });

  it("closes and reopens a prop by hand, but leaves grading to the grading screen", async () => {
    const { body } = await call(getPack as Handler, `/api/admin/packs/${packId}`, { params: { packId } });
    const propId = body.pack.props[0].propID;
    expect(
      (await call(setPropStatus as Handler, `/api/admin/props/${propId}/status`, { body: { status: "closed" }, params: { propId } })).body
        .prop.status,
    ).toBe("closed");
    expect(
      (await call(setPropStatus as Handler, `/api/admin/props/${propId}/status`, { body: { status: "open" }, params: { propId } })).body
        .prop.status,
    ).toBe("open");
    expect(
      (await call(setPropStatus as Handler, `/api/admin/props/${propId}/status`, { body: { status: "gradedA" }, params: { propId } }))
        .status,
    ).toBe(400);
  });

  it("deletes props and packs nobody has played, and refuses once there are takes", async () => {
    const { body } = await call(getPack as Handler, `/api/admin/packs/${packId}`, { params: { packId } });
    const [played, unplayed] = body.pack.props.map((p: { propID: string }) => p.propID);
    const db = await getDb();
    const player = await createProfile();
    await db.insert(receipts).values({ id: "receipt-0001", profileId: player.id, packId, idempotencyKey: "k1" });
    await db.insert(takes).values({ profileId: player.id, propId: played, packId, receiptId: "receipt-0001", side: "A", lockedValue: 227 });
    expect(await call(deleteProp as Handler, `/api/admin/props/${played}`, { method: "DELETE", params: { propId: played } })).toMatchObject(
      {
        status: 409,
        body: { error: "This prop has takes, so it cannot be deleted. Void it instead." },
      },
    );
    expect(
      (await call(deleteProp as Handler, `/api/admin/props/${unplayed}`, { method: "DELETE", params: { propId: unplayed } })).status,
    ).toBe(200);
    expect((await call(deletePack as Handler, `/api/admin/packs/${packId}`, { method: "DELETE", params: { packId } })).status).toBe(409);
  });
});

describe("super props", () => {
  it("publishes one prop as its own open pack and answers with its URL", async () => {
    const { status, body } = await call(createSuperProp as Handler, "/api/admin/props/super", {
      body: {
        packTitle: "Super Prop: Opening Night",
        packUrl: "super-opening-night",
        eventId: eventIds["401772510"],
        shortLabel: "Does Philly cover -7?",
        sideAShort: "Yes",
        sideBShort: "No",
        sideATake: "The Eagles win by 8+",
        sideBTake: "Dallas keeps it within 7",
        sideAMoneyline: -110,
        sideBMoneyline: -110,
        closeTime: FUTURE,
        gradingRule: "spread",
        gradingParams: { team: "home", line: -7, teamSide: "A" },
      },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true, packUrl: "super-opening-night", prop: { position: 0, sideAValue: 227 } });
    const db = await getDb();
    const [pack] = await db.select().from(packs).where(eq(packs.id, body.packId));
    expect(pack).toMatchObject({ status: "open", isSuperProp: true, league: "nfl" });
    expect(pack!.closeTime!.toISOString()).toBe(FUTURE);
  });

  it("refuses a super prop on a game that has started unless it closes in the future", async () => {
    const { status, body } = await call(createSuperProp as Handler, "/api/admin/props/super", {
      body: {
        packTitle: "Too late",
        packUrl: "too-late",
        eventId: eventIds["401772510"],
        shortLabel: "Late?",
        sideAShort: "Yes",
        sideBShort: "No",
        sideATake: "Yes",
        sideBTake: "No",
      },
    });
    expect(status).toBe(400);
    expect(body.error).toBe("This game has started: set a close time in the future.");
  });
});

describe("props close by the clock (decision 065)", () => {
  it("reads a prop whose close time has passed as closed with no button pressed, and only that one", async () => {
    const pack = await call(createPack as Handler, "/api/admin/packs", {
      body: newPack({ packUrl: "close-due", eventIds: [eventIds["401772510"]] }),
    });
    const packId = pack.body.pack.id;
    const past = await call(createProp as Handler, "/api/admin/props", {
      body: newProp(packId, { closeTime: "2020-01-01T00:00:00.000Z" }),
    });
    const future = await call(createProp as Handler, "/api/admin/props", { body: newProp(packId, { closeTime: FUTURE }) });
    const after = await call(getPack as Handler, `/api/admin/packs/${packId}`, { params: { packId } });
    const statusOf = (propId: string) => after.body.pack.props.find((p: { propID: string }) => p.propID === propId).status;
    expect(statusOf(past.body.prop.propID)).toBe("closed");
    expect(statusOf(future.body.prop.propID)).toBe("open");
  });
});
