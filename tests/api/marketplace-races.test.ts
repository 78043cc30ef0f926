// Parallel redemptions. They run on PGlite too, but PGlite serialises every
// transaction; the api-postgres project (real PostgreSQL, a pool of 30
// connections) is where these requests truly overlap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNotNull, and } from "drizzle-orm";
import { POST as redeem } from "@/app/api/marketplace/redeem/route";
import { getDb } from "@/server/db/client";
import { exchanges, itemCodes, tokenLedger } from "@/server/db/schema";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { apiRequest, createProfile, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { CONTACT, codesFor, createItem, giveDiamonds } from "./marketplace-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const redeemAs = async (player: TestProfile, itemID: string) => {
  const request = await apiRequest("/api/marketplace/redeem", {
    method: "POST",
    body: { itemID, contact: CONTACT, agreedToTerms: true },
    as: player,
  });
  const response = await redeem(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as { success: boolean; code?: string; error?: string } };
};

const usedCodes = async (itemId: string) => {
  const db = await getDb();
  return db.select().from(itemCodes).where(and(eq(itemCodes.itemId, itemId), isNotNull(itemCodes.usedAt)));
};

describe("parallel redemptions", () => {
  it("one player with diamonds for exactly one item firing 50 redemptions at once gets exactly one", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 500);
    const item = await createItem({ tokens: 500 }, codesFor("ONCE", 20));

    const results = await Promise.all(Array.from({ length: 50 }, () => redeemAs(player, item.id)));

    const succeeded = results.filter((r) => r.status === 200);
    expect(succeeded).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(
      Array.from({ length: 49 }, () => "Not enough diamonds. Required: 500, Available: 0"),
    );
    const db = await getDb();
    expect(await db.select().from(exchanges).where(eq(exchanges.profileId, player.id))).toHaveLength(1);
    expect(await usedCodes(item.id)).toHaveLength(1);
    expect(await getBalanceCents(db, player.id)).toBe(0);
    const charges = await db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.profileId, player.id), eq(tokenLedger.kind, "exchange")));
    expect(charges.map((row) => row.amountCents)).toEqual([-50_000]);
  });

  it("50 players racing for an item with 10 codes: 10 get distinct codes, 40 are told it is sold out and keep their diamonds", async () => {
    const item = await createItem({ tokens: 100 }, codesFor("RACE", 10));
    const players = await Promise.all(Array.from({ length: 50 }, () => createProfile()));
    for (const player of players) await giveDiamonds(player.id, 150);

    const results = await Promise.all(players.map((player) => redeemAs(player, item.id)));

    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(10);
    expect(new Set(winners.map((r) => r.body.code))).toEqual(new Set(item.codes));
    expect(losers).toHaveLength(40);
    expect(new Set(losers.map((r) => `${r.status} ${r.body.error}`))).toEqual(
      new Set(["409 This item is sold out. Nothing was spent."]),
    );

    const db = await getDb();
    expect(await usedCodes(item.id)).toHaveLength(10);
    expect(await db.select().from(exchanges).where(eq(exchanges.itemId, item.id))).toHaveLength(10);
    const balances = await Promise.all(players.map((player) => getBalanceCents(db, player.id)));
    expect(balances.filter((cents) => cents === 5_000)).toHaveLength(10);
    expect(balances.filter((cents) => cents === 15_000)).toHaveLength(40);
  });
});
