import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as listRoute, POST as createRoute } from "@/app/api/admin/awards/route";
import { PUT as updateRoute } from "@/app/api/admin/awards/[cardId]/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, awardCards } from "@/server/db/schema";
import { redeemAward } from "@/server/awards/redeem-award";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { insertSeries, insertTeam, json } from "./awards-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

let admin: TestProfile;
let player: TestProfile;
beforeAll(async () => {
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
});

const create = async (body: unknown, as?: TestProfile) =>
  json(await createRoute(await apiRequest("/api/admin/awards", { body, as }), routeParams({})));
const update = async (cardId: string, body: unknown, as?: TestProfile) =>
  json(await updateRoute(await apiRequest(`/api/admin/awards/${cardId}`, { method: "PUT", body, as }), routeParams({ cardId })));
const award = { code: "ADMIN5", name: "Admin bonus", kind: "award", tokens: 5 };

describe("admin award routes refuse everyone but super admins", () => {
  it("answers 401 signed out and 403 for a player, and changes nothing", async () => {
    const list = async (as?: TestProfile) => json(await listRoute(await apiRequest("/api/admin/awards", { as }), routeParams({})));
    expect(await list()).toEqual({ status: 401, body: { success: false, error: "Please log in to continue." } });
    expect(await list(player)).toEqual({ status: 403, body: { success: false, error: "This area is for admins." } });
    expect((await create(award)).status).toBe(401);
    expect((await create(award, player)).status).toBe(403);
    const someId = crypto.randomUUID();
    expect((await update(someId, award)).status).toBe(401);
    expect((await update(someId, award, player)).status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(awardCards)).toHaveLength(0);
  });

  it("refuses a player whose token still says super admin after the flag was revoked", async () => {
    const formerAdmin = await createProfile({ superAdmin: false });
    expect((await create(award, { ...formerAdmin, superAdmin: true })).status).toBe(403);
  });
});

describe("admin award cards", () => {
  it("creates, edits and disables a card, auditing each change", async () => {
    const eagles = await insertTeam({ slug: "eagles", name: "Eagles" });
    const created = await create(
      { ...award, maxClaims: 10, requirementKey: "follow_team", requirementTeamId: eagles.id, redirectTeamId: eagles.id },
      admin,
    );
    expect(created.status).toBe(201);
    const card = created.body.card as { id: string; tokensCents: number; maxClaims: number; requirementTeamId: string };
    expect(card).toMatchObject({ tokensCents: 500, maxClaims: 10, requirementTeamId: eagles.id });

    const edited = await update(card.id, { ...award, name: "Renamed", tokens: 7.5, status: "disabled" }, admin);
    expect(edited.body.card).toMatchObject({
      name: "Renamed",
      tokensCents: 750,
      status: "disabled",
      requirementKey: null,
      requirementTeamId: null,
    });

    const listed = await json(await listRoute(await apiRequest("/api/admin/awards", { as: admin }), routeParams({})));
    expect((listed.body.cards as Array<{ code: string }>).map((c) => c.code)).toContain("ADMIN5");
    expect((listed.body.teams as Array<{ slug: string }>).map((t) => t.slug)).toContain("eagles");

    const db = await getDb();
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, card.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["award_card.create", "award_card.update"]);
    expect(audit.every((row) => row.actorProfileId === admin.id)).toBe(true);
  });

  it("keeps codes unique ignoring case", async () => {
    await create({ ...award, code: "UNIQUE1" }, admin);
    expect(await create({ ...award, code: "unique1" }, admin)).toEqual({
      status: 409,
      body: { success: false, error: "Another card already uses this code." },
    });
  });

  it("validates the form on the server with the form's messages", async () => {
    expect((await create({ ...award, code: "NOTOKENS", tokens: 0 }, admin)).body.error).toBe("An award needs more than 0 diamonds.");
    expect((await create({ ...award, code: "bad code" }, admin)).body.error).toBe(
      "Code must be 1–64 letters, numbers, dashes or underscores.",
    );
    expect((await create({ ...award, code: "PROMO1", kind: "promo", tokens: 0 }, admin)).body.error).toBe(
      "A promo targets a team or a series.",
    );
    expect(
      (await create({ ...award, code: "GHOST", requirementKey: "follow_team", requirementTeamId: crypto.randomUUID() }, admin)).body.error,
    ).toBe("Team not found.");
  });

  it("creates a series promo", async () => {
    const season = await insertSeries({ slug: "admin-season" });
    const created = await create(
      { code: "SERIESP", name: "Season", kind: "promo", tokens: 0, targetType: "series", targetSeriesId: season.id },
      admin,
    );
    expect(created.body.card).toMatchObject({
      kind: "promo",
      tokensCents: 0,
      targetType: "series",
      targetSeriesId: season.id,
      targetTeamId: null,
    });
  });

  it("never lowers a cap below the claims made, and editing the value leaves past claims alone", async () => {
    const created = await create({ ...award, code: "CAPPED", maxClaims: 5 }, admin);
    const cardId = (created.body.card as { id: string }).id;
    const first = await createProfile();
    const second = await createProfile();
    await redeemAward({ profileId: first.id, code: "CAPPED" });
    await redeemAward({ profileId: second.id, code: "CAPPED" });
    expect((await update(cardId, { ...award, code: "CAPPED", maxClaims: 1 }, admin)).body.error).toBe(
      "Claim cap cannot be below the 2 claims already made.",
    );
    expect((await update(cardId, { ...award, code: "CAPPED", tokens: 50, maxClaims: 2 }, admin)).status).toBe(200);
    const db = await getDb();
    expect(await getBalanceCents(db, first.id)).toBe(500);
    const [row] = await db.select({ claimsCount: awardCards.claimsCount }).from(awardCards).where(eq(awardCards.id, cardId));
    expect(row!.claimsCount).toBe(2);
  });
});
