import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { POST as updateUsernameRoute } from "@/app/api/profile/updateUsername/route";
import { findReferrerHandle } from "@/server/referrals/find-referrer-handle";
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

  it("still credits a player whose link was made with their first automatic handle after they choose a username", async () => {
    const referrer = await createProfile();
    const firstHandle = referrer.handle;
    const chosen = `fan_${randomUUID().slice(0, 8)}`;
    const renamed = await updateUsernameRoute(
      await apiRequest("/api/profile/updateUsername", { body: { username: chosen }, as: referrer }),
      routeParams({}),
    );
    expect(renamed.status).toBe(200);
    // The invitation names them as they are called now.
    expect(await findReferrerHandle({ handle: firstHandle.toUpperCase() })).toBe(chosen);
    const friend = await createProfile();
    const pack = await createTestPack({ props: 1 });
    await submit(pack, friend, firstHandle);
    expect(await balance(referrer)).toBe(500);
  });

  it("credits the player who has a handle now over one who had it before", async () => {
    const before = await createProfile();
    const oldHandle = before.handle;
    await updateUsernameRoute(
      await apiRequest("/api/profile/updateUsername", { body: { username: `was_${randomUUID().slice(0, 8)}` }, as: before }),
      routeParams({}),
    );
    const now = await createProfile();
    const takeOver = await updateUsernameRoute(
      await apiRequest("/api/profile/updateUsername", { body: { username: oldHandle }, as: now }),
      routeParams({}),
    );
    expect(takeOver.status).toBe(200);
    const friend = await createProfile();
    const pack = await createTestPack({ props: 1 });
    await submit(pack, friend, oldHandle);
    expect([await balance(before), await balance(now)]).toEqual([0, 500]);
  });

  it("pays once when the referred player's submissions race", async () => {
    const referrer = await createProfile();
    const friend = await createProfile();
    const pack = await createTestPack({ props: 2 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => submit(pack, friend, referrer.handle, i % 2 ? "A" : "B")));
    expect(await balance(referrer)).toBe(500);
  });
});
