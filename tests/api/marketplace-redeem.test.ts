import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { GET as listExchanges } from "@/app/api/marketplace/exchanges/route";
import { POST as redeem } from "@/app/api/marketplace/redeem/route";
import { getDb } from "@/server/db/client";
import { exchanges, itemCodes, tokenLedger } from "@/server/db/schema";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { apiRequest, createProfile, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { CONTACT, SHIPPING_CONTACT, codesFor, createItem, giveDiamonds } from "./marketplace-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const redeemAs = async (player: TestProfile | undefined, body: Record<string, unknown>) => {
  const response = await redeem(
    await apiRequest("/api/marketplace/redeem", { method: "POST", body: { agreedToTerms: true, ...body }, as: player }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const balanceOf = async (player: TestProfile) => getBalanceCents(await getDb(), player.id);

describe("redeeming an item", () => {
  it("spends the price, hands the player the oldest unused code and records the exchange", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 620.5);
    const item = await createItem({ name: "Gear Card", tokens: 500 }, ["GEAR-OLD", "GEAR-NEW"]);

    const { status, body } = await redeemAs(player, { itemID: item.id, contact: CONTACT, expectedTokens: 500 });

    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, itemID: item.id, itemName: "Gear Card", tokens: 500, code: "GEAR-OLD" });
    expect(body.tokensBalance).toBe(120.5);
    expect(await balanceOf(player)).toBe(12_050);

    const db = await getDb();
    const [exchange] = await db.select().from(exchanges).where(eq(exchanges.profileId, player.id));
    expect(exchange).toMatchObject({ itemId: item.id, tokens: 500, contact: { fullName: "Sam Player", email: "sam@example.com" } });
    const [ledgerRow] = await db.select().from(tokenLedger).where(eq(tokenLedger.exchangeId, exchange!.id));
    expect(ledgerRow).toMatchObject({ kind: "exchange", amountCents: -50_000, businessKey: `exchange:${exchange!.id}` });
    const [code] = await db.select().from(itemCodes).where(eq(itemCodes.id, exchange!.itemCodeId!));
    expect(code?.code).toBe("GEAR-OLD");
    expect(code?.usedAt).not.toBeNull();
  });

  it("refuses a player below the price with the amounts, and spends nothing", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 120.75);
    const item = await createItem({ tokens: 500 }, ["ONE"]);

    const { status, body } = await redeemAs(player, { itemID: item.id, contact: CONTACT });

    expect(status).toBe(409);
    expect(body).toEqual({ success: false, error: "Not enough diamonds. Required: 500, Available: 120.75", reason: "insufficient_tokens" });
    expect(await balanceOf(player)).toBe(12_075);
    const db = await getDb();
    const [unused] = await db.select().from(itemCodes).where(eq(itemCodes.itemId, item.id));
    expect(unused?.usedAt).toBeNull();
  });

  it("answers sold out when no code is left, and spends nothing", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1000);
    const emptied = await createItem({ tokens: 100 }, []);
    const markedSoldOut = await createItem({ tokens: 100, status: "sold-out" }, ["STILL-HERE"]);

    for (const item of [emptied, markedSoldOut]) {
      const { status, body } = await redeemAs(player, { itemID: item.id, contact: CONTACT });
      expect(status).toBe(409);
      expect(body.error).toBe("This item is sold out. Nothing was spent.");
    }
    expect(await balanceOf(player)).toBe(100_000);
  });

  it("hands out each code once: the second redemption gets the next code, then the item is sold out", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1000);
    const item = await createItem({ tokens: 100 }, codesFor("TWO", 2));

    const results = [];
    for (let i = 0; i < 3; i++) results.push(await redeemAs(player, { itemID: item.id, contact: CONTACT }));

    expect(results.map((r) => r.body.code ?? r.body.error)).toEqual(["TWO-001", "TWO-002", "This item is sold out. Nothing was spent."]);
    expect(await balanceOf(player)).toBe(80_000);
  });

  it("treats hidden and unknown items as not found", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1000);
    const hidden = await createItem({ status: "hidden" }, ["H-1"]);
    for (const itemID of [hidden.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const { status, body } = await redeemAs(player, { itemID, contact: CONTACT });
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, error: "Item not found." });
    }
    expect(await balanceOf(player)).toBe(100_000);
  });

  it("requires a valid email, and the whole address for items that ship", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1000);
    const card = await createItem({ tokens: 10 }, ["C-1"]);
    const hoodie = await createItem({ tokens: 10, requiresShipping: true }, ["HOOD-1"]);

    expect((await redeemAs(player, { itemID: card.id, contact: { email: "nope" } })).body.error).toBe(
      "Please enter a valid email address.",
    );
    expect((await redeemAs(player, { itemID: card.id, contact: {} })).body.error).toBe("Please enter your email address.");
    const missingCity = await redeemAs(player, { itemID: hoodie.id, contact: { ...SHIPPING_CONTACT, city: "  " } });
    expect(missingCity).toEqual({ status: 400, body: { success: false, error: "Please enter your city." } });
    expect(await balanceOf(player)).toBe(100_000);

    const shipped = await redeemAs(player, { itemID: hoodie.id, contact: { ...SHIPPING_CONTACT, phone: "+15555550199" } });
    expect(shipped.status).toBe(200);
    const db = await getDb();
    const [exchange] = await db.select().from(exchanges).where(eq(exchanges.itemId, hoodie.id));
    expect(exchange?.contact).toEqual({ ...SHIPPING_CONTACT });
  });

  it("requires the player to agree to the terms", async () => {
    const player = await createProfile();
    const item = await createItem({}, ["T-1"]);
    const { status, body } = await redeemAs(player, { itemID: item.id, contact: CONTACT, agreedToTerms: false });
    expect(status).toBe(400);
    expect(body.error).toBe("Please agree to the Terms and Privacy Policy.");
  });

  it("refuses rather than charges a price the player did not confirm", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1000);
    const item = await createItem({ tokens: 300 }, ["P-1"]);
    const { status, body } = await redeemAs(player, { itemID: item.id, contact: CONTACT, expectedTokens: 250 });
    expect(status).toBe(409);
    expect(body).toMatchObject({ success: false, reason: "price_changed", itemTokens: 300 });
    expect(await balanceOf(player)).toBe(100_000);
  });

  it("asks visitors to sign in", async () => {
    const item = await createItem({}, ["V-1"]);
    const { status, body } = await redeemAs(undefined, { itemID: item.id, contact: CONTACT });
    expect(status).toBe(401);
    expect(body.success).toBe(false);
  });

  it("answers 'Something went wrong' on an unexpected failure and spends nothing", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 1000);
    const item = await createItem({ tokens: 100 }, ["FAIL-1"]);
    const db = await getDb();
    // A database failure at the very last step of the transaction: everything before it must roll back.
    await db.execute(
      sql.raw(`create function refuse_exchange_ledger() returns trigger language plpgsql as $$
        begin raise exception 'ledger unavailable'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_exchange_ledger before insert on token_ledger
        for each row when (new.kind = 'exchange') execute function refuse_exchange_ledger()`),
    );
    try {
      const { status, body } = await redeemAs(player, { itemID: item.id, contact: CONTACT });
      expect(status).toBe(500);
      expect(body).toEqual({ success: false, error: "Something went wrong" });
    } finally {
      await db.execute(sql.raw(`drop trigger refuse_exchange_ledger on token_ledger`));
      await db.execute(sql.raw(`drop function refuse_exchange_ledger()`));
    }
    expect(await balanceOf(player)).toBe(100_000);
    const [code] = await db.select().from(itemCodes).where(eq(itemCodes.itemId, item.id));
    expect(code?.usedAt).toBeNull();
    expect(await db.select().from(exchanges).where(eq(exchanges.profileId, player.id))).toEqual([]);
  });
});

describe("exchange history", () => {
  it("lists a player's own exchanges with their codes, and nobody else's", async () => {
    const player = await createProfile();
    const other = await createProfile();
    await giveDiamonds(player.id, 1000);
    await giveDiamonds(other.id, 1000);
    const item = await createItem({ name: "Snack Voucher", tokens: 50 }, codesFor("SNACK", 3));
    await redeemAs(player, { itemID: item.id, contact: CONTACT });
    await redeemAs(other, { itemID: item.id, contact: CONTACT });

    const response = await listExchanges(await apiRequest("/api/marketplace/exchanges", { as: player }), {
      params: Promise.resolve({}),
    });
    const body = (await response.json()) as { exchanges: Array<Record<string, unknown>> };
    expect(body.exchanges).toHaveLength(1);
    expect(body.exchanges[0]).toMatchObject({ itemName: "Snack Voucher", tokens: 50, code: "SNACK-001" });

    const visitor = await listExchanges(await apiRequest("/api/marketplace/exchanges"), { params: Promise.resolve({}) });
    expect(visitor.status).toBe(401);
  });
});
