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

const redeemAs = async (player: TestProfile, itemID: string, idempotencyKey?: string) => {
  const request = await apiRequest("/api/marketplace/redeem", {
    method: "POST",
    body: { itemID, contact: CONTACT, agreedToTerms: true, ...(idempotencyKey ? { idempotencyKey } : {}) },
    as: player,
  });
  const response = await redeem(request, { params: Promise.resolve({}) });
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; code?: string; error?: string; exchangeID?: string; tokensBalance?: number },
  };
};

const usedCodes = async (itemId: string) => {
  const db = await getDb();
  return db
    .select()
    .from(itemCodes)
    .where(and(eq(itemCodes.itemId, itemId), isNotNull(itemCodes.usedAt)));
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
    expect(new Set(losers.map((r) => `${r.status} ${r.body.error}`))).toEqual(new Set(["409 This item is sold out. Nothing was spent."]));

    const db = await getDb();
    expect(await usedCodes(item.id)).toHaveLength(10);
    expect(await db.select().from(exchanges).where(eq(exchanges.itemId, item.id))).toHaveLength(10);
    const balances = await Promise.all(players.map((player) => getBalanceCents(db, player.id)));
    expect(balances.filter((cents) => cents === 5_000)).toHaveLength(10);
    expect(balances.filter((cents) => cents === 15_000)).toHaveLength(40);
  });

  it("a redemption retried with its key after a lost answer is answered with the first one and charged once, even 20 retries at once", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1_000);
    const item = await createItem({ tokens: 100 }, codesFor("RETRY", 30));
    const key = "retry-key-0001";

    const first = await redeemAs(player, item.id, key);
    const retries = await Promise.all(Array.from({ length: 20 }, () => redeemAs(player, item.id, key)));

    expect(first.status).toBe(200);
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body.exchangeID).toBe(first.body.exchangeID);
      expect(retry.body.code).toBe(first.body.code);
      expect(retry.body.tokensBalance).toBe(900);
    }
    const db = await getDb();
    expect(await db.select().from(exchanges).where(eq(exchanges.profileId, player.id))).toHaveLength(1);
    expect(await usedCodes(item.id)).toHaveLength(1);
    expect(await getBalanceCents(db, player.id)).toBe(90_000);
  });

  it("20 first attempts with one key at once store one redemption; other keys still buy more", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1_000);
    const item = await createItem({ tokens: 100 }, codesFor("BURST", 30));

    const burst = await Promise.all(Array.from({ length: 20 }, () => redeemAs(player, item.id, "burst-key-0001")));
    const other = await redeemAs(player, item.id, "burst-key-0002");

    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(new Set(burst.map((r) => r.body.exchangeID)).size).toBe(1);
    expect(other.status).toBe(200);
    expect(other.body.exchangeID).not.toBe(burst[0]!.body.exchangeID);
    const db = await getDb();
    expect(await db.select().from(exchanges).where(eq(exchanges.profileId, player.id))).toHaveLength(2);
    expect(await getBalanceCents(db, player.id)).toBe(80_000);
  });

  it("a key already used for one item is refused for another, and nothing is spent", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1_000);
    const first = await createItem({ tokens: 100 }, codesFor("KEYA", 2));
    const second = await createItem({ tokens: 100 }, codesFor("KEYB", 2));

    expect((await redeemAs(player, first.id, "shared-key-0001")).status).toBe(200);
    const reused = await redeemAs(player, second.id, "shared-key-0001");

    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe("This confirmation was already used for another item. Nothing was spent.");
    expect(await usedCodes(second.id)).toHaveLength(0);
    expect(await getBalanceCents(await getDb(), player.id)).toBe(90_000);
  });
});
