// Issue 41 item 7: the hub's "Needs attention" counts equal what their buttons open. Each count is
// taken by the very predicate of the list its dialog shows: "Grade Packs" (GET
// /api/admin/gradePacks), "Get Pack Winners" (GET /api/admin/gradedPacks) and "Add Inventory Codes"
// (GET /api/admin/items, its low items marked by isLowOnCodes).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as gradePacksRoute } from "@/app/api/admin/gradePacks/route";
import { GET as gradedPacksRoute } from "@/app/api/admin/gradedPacks/route";
import { GET as itemsRoute } from "@/app/api/admin/items/route";
import { isLowOnCodes } from "@/domain/marketplace";
import { countAttention } from "@/server/authoring/count-attention";
import { getDb } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createEvent, createPack } from "../helpers/grading-fixtures";
import { codesFor, createItem } from "./marketplace-fixtures";

let admin: TestProfile;
type AnyHandler = (req: never, ctx: never) => Promise<Response>;

async function everyRow<T>(handler: AnyHandler, url: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const req = await apiRequest(`${url}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { as: admin });
    const body = (await (await handler(req as never, routeParams({}) as never)).json()) as Record<string, unknown>;
    rows.push(...(body[key] as T[]));
    cursor = (body.nextCursor as string | null | undefined) ?? null;
  } while (cursor);
  return rows;
}

beforeAll(async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  // Ready to grade: closed, its game final. Not ready: closed while its game is still being played
  // (the hub used to count it: "games started"), and one still open.
  for (let i = 0; i < 3; i++) await createEvent({ packId: (await createPack({ props: [{}] })).id, status: "final" });
  await createEvent({ packId: (await createPack({ props: [{}] })).id, status: "in_progress" });
  await createEvent({
    packId: (await createPack({ props: [{}], status: "open", closeTime: new Date(Date.now() + 3_600_000) })).id,
    status: "scheduled",
  });
  // Graded without winners, and graded with them.
  const db = await getDb();
  for (let i = 0; i < 2; i++) await createPack({ props: [], status: "graded" });
  const withWinners = await createPack({ props: [], status: "graded" });
  await db.update(packs).set({ winnersSetAt: new Date() }).where(eq(packs.id, withWinners.id));
  // Low on codes: available with under five; not: hidden with none, available with plenty.
  await createItem({ status: "available" }, codesFor("low", 2));
  await createItem({ status: "available" });
  await createItem({ status: "hidden" });
  await createItem({ status: "available" }, codesFor("plenty", 8));
});
afterAll(closeTestDb);

describe("the hub's counts", () => {
  it("counts exactly the packs Grade Packs lists", async () => {
    const listed = await everyRow(gradePacksRoute as AnyHandler, "/api/admin/gradePacks", "packs");
    const counts = await countAttention();
    expect(listed).toHaveLength(3);
    expect(counts.packsToGrade).toBe(listed.length);
  });

  it("counts exactly the packs Get Pack Winners lists", async () => {
    const listed = await everyRow(gradedPacksRoute as AnyHandler, "/api/admin/gradedPacks", "packs");
    expect(listed).toHaveLength(2);
    expect((await countAttention()).packsWithoutWinners).toBe(listed.length);
  });

  it("counts exactly the items Add Inventory Codes marks low on codes", async () => {
    const listed = await everyRow<{ status: string; codesLeft: number }>(itemsRoute as AnyHandler, "/api/admin/items", "items");
    const low = listed.filter(isLowOnCodes);
    expect(low).toHaveLength(2);
    expect((await countAttention()).itemsLowOnCodes).toBe(low.length);
  });
});
