import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createPack } from "@/app/api/admin/packs/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as createProp } from "@/app/api/admin/props/route";
import { loadEventsForNewPack, loadPackForEditing, loadPropForEditing } from "@/server/authoring/admin-authoring-pages";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { readHealth } from "@/server/ops/read-health";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

// The reads the admin authoring pages and the health check moved out of src/app
// into use-cases (docs/FENCES.md): the same answers as the queries they replace.
let espn: EspnReplayServer;
let admin: TestProfile;
let packId: string;
let propId: string;
const eventIds: Record<string, string> = {};
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, body: unknown) {
  const response = await handler(await apiRequest(path, { body, as: admin }), routeParams({}));
  return (await response.json()) as Record<string, { id: string; propID?: string }>;
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  await call(fetchMlbEvents as Handler, "/api/admin/fetchMlbEvents", { date: "20250604" });
  const db = await getDb();
  for (const row of await db.select({ id: events.id, espnEventId: events.espnEventId }).from(events)) eventIds[row.espnEventId!] = row.id;
  const pack = await call(createPack as Handler, "/api/admin/packs", {
    title: "Admin pages slate",
    packUrl: "admin-pages-slate",
    league: "mlb",
    closeTime: "2099-01-01T00:00:00Z",
  });
  packId = pack.pack!.id;
  const prop = await call(createProp as Handler, "/api/admin/props", {
    packId,
    eventId: eventIds["401695821"],
    shortLabel: "Winner",
    sideAShort: "Away",
    sideBShort: "Home",
    sideATake: "The visitors win",
    sideBTake: "The home side wins",
  });
  propId = prop.prop!.propID ?? prop.prop!.id;
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});

describe("the admin authoring pages' reads", () => {
  it("a new pack starts with the events named in its link, in the admin view", async () => {
    const ids = [eventIds["401695821"]!, eventIds["401695823"]!];
    const linked = await loadEventsForNewPack(ids);
    expect(linked.map((e) => e.id).sort()).toEqual([...ids].sort());
    expect(await loadEventsForNewPack([])).toEqual([]);
  });

  it("the pack edit page finds the pack, and nothing for an unknown id", async () => {
    expect((await loadPackForEditing(packId))?.id).toBe(packId);
    expect(await loadPackForEditing(UNKNOWN)).toBeNull();
  });

  it("the prop edit page gets the prop, its pack's league and the events it may link to", async () => {
    const editing = await loadPropForEditing(propId);
    expect(editing?.prop.propID).toBe(propId);
    expect(editing?.league).toBe("mlb");
    expect(editing?.events.map((e) => e.id)).toContain(eventIds["401695821"]);
    expect(await loadPropForEditing(UNKNOWN)).toBeNull();
  });
});

describe("the health check's reading", () => {
  it("counts every committed migration as applied on a migrated database", async () => {
    const { applied, expected } = await readHealth();
    expect(expected).toBeGreaterThan(0);
    expect(applied).toBe(expected);
  });
});
