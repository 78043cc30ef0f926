import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as createPack } from "@/app/api/admin/packs/route";
import { POST as setFeatured } from "@/app/api/admin/packs/[packId]/featured/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as createProp } from "@/app/api/admin/props/route";
import { GET as listProps } from "@/app/api/props/route";
import { GET as eventOdds } from "@/app/api/admin/events/[eventId]/odds/route";
import { getDb } from "@/server/db/client";
import { events, packs, props } from "@/server/db/schema";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;
let packId: string;
const eventIds: Record<string, string> = {};

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, options: { body?: unknown; params?: Record<string, string>; as?: TestProfile } = {}) {
  const response = await handler(
    await apiRequest(path, { body: options.body, as: options.as ?? admin }),
    routeParams(options.params ?? {}),
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  await call(fetchMlbEvents as Handler, "/api/admin/fetchMlbEvents", { body: { date: "20250604" } });
  const db = await getDb();
  for (const row of await db.select({ id: events.id, espnEventId: events.espnEventId }).from(events)) eventIds[row.espnEventId!] = row.id;
  const pack = await call(createPack as Handler, "/api/admin/packs", {
    body: { title: "June 4 slate", packUrl: "june-4-slate", league: "mlb", closeTime: "2099-01-01T00:00:00Z" },
  });
  packId = pack.body.pack.id;
  // Five props, one per game, created in this order.
  for (const espnEventId of ["401695821", "401695823", "401695817", "401695827", "401695828"]) {
    await call(createProp as Handler, "/api/admin/props", {
      body: {
        packId,
        eventId: eventIds[espnEventId],
        shortLabel: `Winner of ${espnEventId}`,
        sideAShort: "Away",
        sideBShort: "Home",
        sideATake: "The visitors win",
        sideBTake: "The home side wins",
      },
    });
  }
  await db.update(props).set({ status: "gradedA", resultText: "COL 3 @ MIA 2" }).where(eq(props.eventId, eventIds["401695821"]!));
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("GET /api/props", () => {
  it("pages 100 at a time by default and says where the next page starts", async () => {
    const first = await call(listProps as Handler, "/api/props?limit=2&view=all&offset=0&sort=created_asc");
    expect(first.body).toMatchObject({ success: true, nextOffset: 2 });
    expect(first.body.props.map((p: { propShort: string }) => p.propShort)).toEqual(["Winner of 401695821", "Winner of 401695823"]);
    const last = await call(listProps as Handler, "/api/props?limit=2&view=all&offset=4&sort=created_asc");
    expect(last.body.props).toHaveLength(1);
    expect(last.body.nextOffset).toBeNull();
    const all = await call(listProps as Handler, "/api/props?limit=100&offset=0");
    expect(all.body.props).toHaveLength(5);
    expect(all.body.nextOffset).toBeNull();
  });

  it("returns the product's prop fields with the event lookups", async () => {
    const { body } = await call(listProps as Handler, "/api/props?q=401695827");
    expect(body.props).toHaveLength(1);
    expect(body.props[0]).toMatchObject({
      propID: expect.any(String),
      airtableId: body.props[0].propID,
      propShort: "Winner of 401695827",
      propSideAShort: "Away",
      sideBLabel: "Home",
      propSideATake: "The visitors win",
      eventTitle: "Kansas City Royals at St. Louis Cardinals",
      eventLeague: "mlb",
      propLeagueLookup: "mlb",
      propESPNLookup: "401695827",
      propEventMatchup: "KC @ STL",
      propEventTimeLookup: "2025-06-04T23:45:00.000Z",
      packURL: "june-4-slate",
    });
  });

  it("filters by view, status, search and New York event day", async () => {
    // These games were in June 2025: every prop still stored open is past its close, so the clock
    // reads it closed and the open view lists exactly the rows that read open (decision 065).
    const open = await call(listProps as Handler, "/api/props?view=open");
    const all = await call(listProps as Handler, "/api/props");
    const readOpen = all.body.props.filter((p: { status: string }) => p.status === "open");
    expect(open.body.props).toEqual(readOpen);
    expect(all.body.props.filter((p: { closedByClock: boolean }) => p.closedByClock)).toHaveLength(4);
    const graded = await call(listProps as Handler, "/api/props?view=graded");
    expect(graded.body.props.map((p: { resultText: string }) => p.resultText)).toEqual(["COL 3 @ MIA 2"]);
    const toGrade = await call(listProps as Handler, "/api/props?view=toGrade");
    expect(toGrade.body.props).toHaveLength(4);
    const byStatus = await call(listProps as Handler, "/api/props?status=gradedA,push");
    expect(byStatus.body.props).toHaveLength(1);
    const bySearch = await call(listProps as Handler, "/api/props?q=cardinals");
    expect(bySearch.body.props.map((p: { propEventMatchup: string }) => p.propEventMatchup)).toEqual(["KC @ STL"]);
    // BAL @ SEA starts 9:40 PM ET on June 4 (01:40Z June 5): a June 4 prop.
    const june4 = await call(listProps as Handler, "/api/props?eventDay=2025-06-04");
    expect(june4.body.props).toHaveLength(5);
    expect((await call(listProps as Handler, "/api/props?eventDay=2025-06-05")).body.props).toEqual([]);
    expect((await call(listProps as Handler, "/api/props?league=nfl")).body.props).toEqual([]);
  });

  it("sorts by event time, event or prop", async () => {
    const { body } = await call(listProps as Handler, "/api/props?sort=event_time_desc");
    expect(body.props[0].propEventMatchup).toBe("BAL @ SEA");
    const byEvent = await call(listProps as Handler, "/api/props?sort=event_asc");
    expect(byEvent.body.props[0].eventTitle).toBe("Baltimore Orioles at Seattle Mariners");
  });

  it("is for admins only", async () => {
    const player = await createProfile();
    expect((await call(listProps as Handler, "/api/props", { as: player })).status).toBe(403);
  });
});

describe("GET /api/admin/events/{eventId}/odds", () => {
  it("answers moneylines stored without a spread or total (the seed's demo odds) with those as null, not a broken contract", async () => {
    const eventId = eventIds["401695828"]!;
    const db = await getDb();
    // No ESPN id: the stored odds are the only source.
    await db
      .update(events)
      .set({ espnEventId: null, odds: { provider: "Demo odds", details: "SEA -150", homeMoneyline: -150, awayMoneyline: 130 } })
      .where(eq(events.id, eventId));
    const { status, body } = await call(eventOdds as Handler, `/api/admin/events/${eventId}/odds`, { params: { eventId } });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      odds: { homeMoneyline: -150, awayMoneyline: 130, provider: "Demo odds", spread: null, overUnder: null },
    });
  });
});

describe.runIf(testDbKind() === "postgres")("featuring packs in parallel", () => {
  it("leaves exactly one featured pack when several are featured at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { body } = await call(createPack as Handler, "/api/admin/packs", {
        body: { title: `Race ${i}`, packUrl: `race-${i}`, league: "mlb" },
      });
      ids.push(body.pack.id);
    }
    const results = await Promise.all(
      ids.map((id) =>
        call(setFeatured as Handler, `/api/admin/packs/${id}/featured`, { body: { featured: true }, params: { packId: id } }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const db = await getDb();
    expect(await db.select({ id: packs.id }).from(packs).where(eq(packs.featured, true))).toHaveLength(1);
  });
});
