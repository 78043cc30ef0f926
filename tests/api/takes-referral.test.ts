import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { POST as updateUsernameRoute } from "@/app/api/profile/updateUsername/route";
import { POST as suspensionRoute } from "@/app/api/admin/profiles/[profileId]/suspension/route";
import { resetServerEnvCache } from "@/env";
import { findReferrerHandle } from "@/server/referrals/find-referrer-handle";
import { getDb, queryRows } from "@/server/db/client";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";
import { CookieJar, authRequest, csrfToken, latestCodeIn, readSessionBody, requestCode } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(closeTestDb);

async function trySubmit(pack: TestPack, as: TestProfile, ref: string | undefined, side: "A" | "B" = "A") {
  const body = { takes: pack.props.map((p) => ({ propId: p.id, side })), idempotencyKey: randomUUID(), ref };
  const response = await submitRoute(
    await apiRequest(`/api/packs/${pack.packURL}/takes`, { body, as }),
    routeParams({ packURL: pack.packURL }),
  );
  return response.status;
}

async function submit(pack: TestPack, as: TestProfile, ref: string | undefined, side: "A" | "B" = "A") {
  expect(await trySubmit(pack, as, ref, side)).toBe(200);
}

async function suspend(profile: TestProfile, admin: TestProfile) {
  const response = await suspensionRoute(
    await apiRequest(`/api/admin/profiles/${profile.id}/suspension`, { body: { suspended: true, reason: "Shared account" }, as: admin }),
    routeParams({ profileId: profile.id }),
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

// docs/PRODUCT.md §3: a referral bonus is held until the referred player has made a take on the pack.
describe("referral bonuses are paid only for a take", () => {
  it("pays nothing when a friend signs up through a referral link, and 5 diamonds once their first takes are in", async () => {
    const referrer = await createProfile();
    const pack = await createTestPack({ props: 2 });
    const phone = `555${String(Date.now()).slice(-7)}`;
    const jar = new CookieJar();
    expect((await requestCode(phone, { jar })).status).toBe(200);
    const callbackUrl = `http://localhost:3000/packs/${pack.packURL}?ref=${referrer.handle}`;
    const signIn = await authRequest("callback/credentials", {
      jar,
      ip: "203.0.113.7",
      form: { phone, code: latestCodeIn(smsLogFile, phone), csrfToken: await csrfToken(jar), callbackUrl, json: "true" },
    });
    expect(signIn.status).toBe(200);
    const user = (await readSessionBody(jar)).user!;
    const friend: TestProfile = { id: String(user.id), handle: String(user.profileID), phone: `+1${phone}`, superAdmin: false };
    expect(await balance(referrer)).toBe(0);

    await submit(pack, friend, referrer.handle);
    expect(await balance(referrer)).toBe(500);
    await submit(pack, friend, referrer.handle, "B");
    expect(await balance(referrer)).toBe(500);
  });

  it("pays nothing for a submission the pack refuses", async () => {
    const referrer = await createProfile();
    const friend = await createProfile();
    const pack = await createTestPack({ props: 1, closeTime: new Date(Date.now() - 60_000) });
    expect(await trySubmit(pack, friend, referrer.handle)).not.toBe(200);
    expect(await balance(referrer)).toBe(0);
  });

  it("pays nothing for a suspended player's link, nor for a suspended friend, who can make no take", async () => {
    const admin = await createProfile({ superAdmin: true });
    const suspendedReferrer = await createProfile();
    const referrer = await createProfile();
    const friend = await createProfile();
    const suspendedFriend = await createProfile();
    await suspend(suspendedReferrer, admin);
    const pack = await createTestPack({ props: 1 });
    await submit(pack, friend, suspendedReferrer.handle);
    expect(await balance(suspendedReferrer)).toBe(0);

    await suspend(suspendedFriend, admin);
    expect(await trySubmit(pack, suspendedFriend, referrer.handle)).toBe(401);
    expect(await balance(referrer)).toBe(0);
  });
});
