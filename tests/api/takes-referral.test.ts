import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { getDb, queryRows } from "@/server/db/client";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";

beforeAll(createTestDb);
afterAll(closeTestDb);

async function submit(pack: TestPack, as: TestProfile, ref: string | undefined, side: "A" | "B" = "A") {
  const body = { takes: pack.props.map((p) => ({ propId: p.id, side })), idempotencyKey: randomUUID(), ref };
  const response = await submitRoute(
    await apiRequest(`/api/packs/${pack.packURL}/takes`, { body, as }),
    routeParams({ packURL: pack.packURL }),
  );
  expect(response.status).toBe(200);
}

const balance = async (p: TestProfile) => getBalanceCents(await getDb(), p.id);

describe("referrals", () => {
  it("pays the referrer 5 diamonds once per pack and referred player", async () => {
    const referrer = await createProfile();
    const friend = await createProfile();
    const pack = await createTestPack({ props: 2 });
    await submit(pack, friend, referrer.handle, "A");
    await submit(pack, friend, referrer.handle, "B");
    expect(await balance(referrer)).toBe(500);
    const other = await createTestPack({ props: 1 });
    await submit(other, friend, referrer.handle.toUpperCase());
    expect(await balance(referrer)).toBe(1000);
  });

  it("never pays a player for referring themself", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 1 });
    await submit(pack, player, player.handle);
    expect(await balance(player)).toBe(0);
  });

  it("credits only the first referrer of a player on a pack", async () => {
    const first = await createProfile();
    const second = await createProfile();
    const friend = await createProfile();
    const pack = await createTestPack({ props: 1 });
    await submit(pack, friend, first.handle, "A");
    await submit(pack, friend, second.handle, "B");
    expect([await balance(first), await balance(second)]).toEqual([500, 0]);
  });

  it("ignores an unknown referrer", async () => {
    const friend = await createProfile();
    const pack = await createTestPack({ props: 1 });
    await submit(pack, friend, "nobody_here");
    const db = await getDb();
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from token_ledger where kind = 'referral_bonus' and business_key like ${`referral:${pack.id}:%`}`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it("pays once when the referred player's submissions race", async () => {
    const referrer = await createProfile();
    const friend = await createProfile();
    const pack = await createTestPack({ props: 2 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => submit(pack, friend, referrer.handle, i % 2 ? "A" : "B")));
    expect(await balance(referrer)).toBe(500);
  });
});
