import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { POST as addCodes, GET as listCodes } from "@/app/api/admin/items/[itemID]/codes/route";
import { GET as getItem, PUT as updateItem } from "@/app/api/admin/items/[itemID]/route";
import { GET as listItems, POST as createItem } from "@/app/api/admin/items/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, itemCodes } from "@/server/db/schema";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createItem as insertItem } from "./marketplace-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

let admin: TestProfile;
let player: TestProfile;
beforeAll(async () => {
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
});

const paste = async (itemID: string, codes: unknown, as: TestProfile | null = admin) => {
  const response = await addCodes(
    await apiRequest(`/api/admin/items/${itemID}/codes`, { method: "POST", body: { codes }, as: as ?? undefined }),
    routeParams({ itemID }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const codesOf = async (itemId: string) => {
  const db = await getDb();
  const rows = await db.select({ code: itemCodes.code }).from(itemCodes).where(eq(itemCodes.itemId, itemId));
  return rows.map((row) => row.code).sort();
};

describe("adding inventory codes", () => {
  it("trims codes, drops empty lines and counts every non-empty line as provided", async () => {
    const item = await insertItem();
    const { status, body } = await paste(item.id, "  GIFT-1 \n\n GIFT-2\r\n\t\n");
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, added: 2, totalProvided: 2 });
    expect(await codesOf(item.id)).toEqual(["GIFT-1", "GIFT-2"]);
  });

  it("ignores duplicates within the paste and codes the item already has", async () => {
    const item = await insertItem({}, ["OLD-1"]);
    const { body } = await paste(item.id, "OLD-1\nNEW-1\nNEW-1\nNEW-2\n OLD-1 ");
    expect(body).toEqual({ success: true, added: 2, totalProvided: 5 });
    expect(await codesOf(item.id)).toEqual(["NEW-1", "NEW-2", "OLD-1"]);
  });

  it("accepts the codes as a list too", async () => {
    const item = await insertItem();
    expect((await paste(item.id, ["L-1", " L-2 ", "", "L-1"])).body).toEqual({ success: true, added: 2, totalProvided: 3 });
  });

  it("allows the same code on two different items", async () => {
    const first = await insertItem({}, ["SHARED"]);
    const second = await insertItem();
    expect((await paste(second.id, "SHARED")).body).toEqual({ success: true, added: 1, totalProvided: 1 });
    expect(await codesOf(first.id)).toEqual(["SHARED"]);
  });

  it("adds a code once when the same paste is sent twice at the same time", async () => {
    const item = await insertItem();
    const results = await Promise.all([paste(item.id, "RACE-1\nRACE-2"), paste(item.id, "RACE-2\nRACE-1")]);
    expect(results.map((r) => r.body.added as number).reduce((a, b) => a + b, 0)).toBe(2);
    expect(await codesOf(item.id)).toEqual(["RACE-1", "RACE-2"]);
  });

  it("asks for at least one code", async () => {
    const item = await insertItem();
    for (const codes of ["", " \n \n", [], undefined]) {
      const { status, body } = await paste(item.id, codes);
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: "Please provide at least one code" });
    }
  });

  it("refuses a batch with one code over 200 characters, naming its line and the code, and adds none of the batch", async () => {
    const item = await insertItem();
    const long = `LONG${"X".repeat(241)}`;
    const { status, body } = await paste(item.id, `GOOD-1\n\nGOOD-2\n  ${long}  \nGOOD-3`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: "Line 4: the code “LONGXXXXXXXX…” is 245 characters; codes must be at most 200." });
    expect(await codesOf(item.id)).toEqual([]);
    // Exactly 200 is fine.
    expect((await paste(item.id, "Y".repeat(200))).status).toBe(200);
  });

  it("answers not found for an unknown item", async () => {
    const { status, body } = await paste("00000000-0000-4000-8000-000000000000", "X");
    expect(status).toBe(404);
    expect(body.error).toBe("Item not found.");
  });

  it("refuses players (403) and visitors (401), and adds nothing", async () => {
    const item = await insertItem();
    expect((await paste(item.id, "NOPE", player)).status).toBe(403);
    expect((await paste(item.id, "NOPE", null)).status).toBe(401);
    expect(await codesOf(item.id)).toEqual([]);
  });

  it("records who added how many codes, without the codes themselves", async () => {
    const item = await insertItem({ name: "Audited" });
    await paste(item.id, "SECRET-1\nSECRET-2");
    const db = await getDb();
    const [entry] = await db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorProfileId: admin.id,
      action: "item.codes.add",
      entityId: item.id,
      after: { itemName: "Audited", added: 2, totalProvided: 2 },
    });
    expect(JSON.stringify(entry)).not.toContain("SECRET");
  });

  it("shows the codes to super admins only", async () => {
    const item = await insertItem({}, ["SEEN-1"]);
    const asAdmin = await listCodes(await apiRequest(`/api/admin/items/${item.id}/codes`, { as: admin }), routeParams({ itemID: item.id }));
    expect(((await asAdmin.json()) as { codes: Array<{ code: string }> }).codes.map((c) => c.code)).toEqual(["SEEN-1"]);
    const asPlayer = await listCodes(
      await apiRequest(`/api/admin/items/${item.id}/codes`, { as: player }),
      routeParams({ itemID: item.id }),
    );
    expect(asPlayer.status).toBe(403);
    expect(JSON.stringify(await asPlayer.json())).not.toContain("SEEN-1");
  });
});

describe("managing items", () => {
  const hoodie = {
    name: "Takes Hoodie",
    tokens: 800,
    description: "Heavyweight hoodie.",
    brand: "Takes",
    imageUrl: "https://cdn.example.com/hoodie.png",
    teamImages: { eagles: "https://cdn.example.com/hoodie-phi.png" },
    status: "available",
    featured: true,
    requiresShipping: true,
  };

  it("creates an item, edits it and reports its stock, recording each change", async () => {
    const created = await createItem(await apiRequest("/api/admin/items", { method: "POST", body: hoodie, as: admin }), routeParams({}));
    expect(created.status).toBe(201);
    const { item } = (await created.json()) as { item: { itemID: string } };
    expect(item).toMatchObject({ itemName: "Takes Hoodie", itemTokens: 800, codesLeft: 0, codesUsed: 0, requiresShipping: true });

    await paste(item.itemID, "H-1\nH-2\nH-3");
    const edited = await updateItem(
      await apiRequest(`/api/admin/items/${item.itemID}`, {
        method: "PUT",
        body: { ...hoodie, tokens: 900, status: "sold-out", featured: false, teamImages: {} },
        as: admin,
      }),
      routeParams({ itemID: item.itemID }),
    );
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { item: unknown }).item).toMatchObject({
      itemTokens: 900,
      status: "sold-out",
      featured: false,
      teamImages: null,
      codesLeft: 3,
      codesUsed: 0,
    });

    const fetched = await getItem(await apiRequest(`/api/admin/items/${item.itemID}`, { as: admin }), routeParams({ itemID: item.itemID }));
    expect(((await fetched.json()) as { item: { itemTokens: number } }).item.itemTokens).toBe(900);

    const list = await listItems(await apiRequest("/api/admin/items", { as: admin }), routeParams({}));
    const listed = ((await list.json()) as { items: Array<{ itemID: string; codesLeft: number }> }).items;
    expect(listed.find((row) => row.itemID === item.itemID)?.codesLeft).toBe(3);

    const db = await getDb();
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, item.itemID)).orderBy(adminAuditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(["item.create", "item.codes.add", "item.update"]);
    expect(audit[2]).toMatchObject({ before: { tokens: 800, status: "available" }, after: { tokens: 900, status: "sold-out" } });
  });

  it("validates an item as the form does", async () => {
    const response = await createItem(
      await apiRequest("/api/admin/items", { method: "POST", body: { ...hoodie, tokens: 0 }, as: admin }),
      routeParams({}),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "Diamonds must be a whole number above 0." });
  });

  it("refuses players and visitors", async () => {
    const asPlayer = await createItem(await apiRequest("/api/admin/items", { method: "POST", body: hoodie, as: player }), routeParams({}));
    expect(asPlayer.status).toBe(403);
    const visitor = await listItems(await apiRequest("/api/admin/items"), routeParams({}));
    expect(visitor.status).toBe(401);
    const edit = await updateItem(
      await apiRequest(`/api/admin/items/00000000-0000-4000-8000-000000000000`, { method: "PUT", body: hoodie, as: player }),
      routeParams({ itemID: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(edit.status).toBe(403);
  });
});
