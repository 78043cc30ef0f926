import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache } from "@/env";
import { LINE_CHECK_TTL_DAYS, purgeOldLineChecks } from "@/server/auth/check-line";
import { getDb, queryRows } from "@/server/db/client";
import { appMetrics } from "@/server/ops/metrics";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { startFakeCarrierLookup } from "../helpers/fake-carrier-lookup";
import { CookieJar, latestCodeIn, requestCode, signInWithPhoneCode, textsIn } from "../helpers/sign-in";

// Sign-in with a carrier lookup configured (docs/decisions/059-fair-play.md): a local server plays Twilio Lookup v2.
const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
let lookup: Awaited<ReturnType<typeof startFakeCarrierLookup>>;
let nextPhone = 6_100_000;
const freshPhone = () => `555${nextPhone++}`;
let nextAddress = 1;
/** Each test asks from an address of its own, so the per-address limits of one test never reach another. */
const freshAddress = () => `198.51.100.${nextAddress++}`;
const TIMEOUT_MS = 300;

beforeAll(async () => {
  lookup = await startFakeCarrierLookup();
  Object.assign(process.env, {
    SMS_TRANSPORT: "log",
    SMS_LOG_FILE: smsLogFile,
    CARRIER_LOOKUP_URL: lookup.baseUrl,
    CARRIER_LOOKUP_USERNAME: "AC00000000000000000000000000000042",
    CARRIER_LOOKUP_PASSWORD: "lookup-secret",
    CARRIER_LOOKUP_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(async () => {
  await closeTestDb();
  await lookup.close();
  for (const key of ["CARRIER_LOOKUP_URL", "CARRIER_LOOKUP_USERNAME", "CARRIER_LOOKUP_PASSWORD", "CARRIER_LOOKUP_TIMEOUT_MS"])
    delete process.env[key];
  resetServerEnvCache();
});
afterEach(() => {
  lookup.failWith(null);
  lookup.hang(false);
});

const lookupsOf = (phone: string) => lookup.requests.filter((request) => request.phone === `+1${phone}`).length;
const outcome = async (name: string) =>
  (await appMetrics().lineLookups.get()).values.find((value) => value.labels.outcome === name)?.value ?? 0;

describe("sign-in with a carrier lookup configured", () => {
  it("looks up a new mobile number once, with Basic auth, and texts it a code that signs in", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    const ip = freshAddress();
    expect((await requestCode(phone, { jar, ip })).status).toBe(200);
    expect(lookupsOf(phone)).toBe(1);
    const request = lookup.requests.at(-1)!;
    expect(request.path).toBe(`/v2/PhoneNumbers/%2B1${phone}?Fields=line_type_intelligence`);
    expect(request.authorization).toBe(`Basic ${Buffer.from("AC00000000000000000000000000000042:lookup-secret").toString("base64")}`);
    expect((await signInWithPhoneCode(jar, phone, latestCodeIn(smsLogFile, phone), { ip })).error).toBeNull();
  });

  it("refuses a landline with a sentence that says why, and texts it no code", async () => {
    const phone = freshPhone();
    lookup.setLine(`+1${phone}`, "landline");
    const response = await requestCode(phone, { ip: freshAddress() });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      error: "This number can't receive texts from us: it looks like a landline. Use a mobile number.",
      code: "LINE_NOT_MOBILE",
    });
    expect(textsIn(smsLogFile, phone)).toEqual([]);
    const [codes] = await queryRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from login_codes where phone = ${`+1${phone}`}`,
    );
    expect(Number(codes!.n)).toBe(0);
  });

  it("refuses internet (VoIP) numbers and +1 numbers outside the US", async () => {
    const voip = freshPhone();
    lookup.setLine(`+1${voip}`, "nonFixedVoip");
    const canadian = freshPhone();
    lookup.setLine(`+1${canadian}`, "mobile", "CA");
    const voipAnswer = await requestCode(voip, { ip: freshAddress() });
    expect(voipAnswer.status).toBe(422);
    expect(((await voipAnswer.json()) as { error: string }).error).toContain("it looks like an internet (VoIP) number");
    const canadaAnswer = await requestCode(canadian, { ip: freshAddress() });
    expect(canadaAnswer.status).toBe(422);
    expect(((await canadaAnswer.json()) as { error: string }).error).toContain("it isn't a US number");
    expect([...textsIn(smsLogFile, voip), ...textsIn(smsLogFile, canadian)]).toEqual([]);
  });

  it("reuses the answer for a month: asking again, from another browser, looks nothing up", async () => {
    const landline = freshPhone();
    lookup.setLine(`+1${landline}`, "landline");
    const mobile = freshPhone();
    const ip = freshAddress();
    expect((await requestCode(landline, { ip })).status).toBe(422);
    expect((await requestCode(landline, { ip })).status).toBe(422);
    expect((await requestCode(mobile, { ip })).status).toBe(200);
    expect((await requestCode(mobile, { ip })).status).toBe(200);
    expect([lookupsOf(landline), lookupsOf(mobile)]).toEqual([1, 1]);
    expect(textsIn(smsLogFile, mobile)).toHaveLength(2);
  });

  it("keeps no phone number in its cache, and forgets answers older than a month", async () => {
    const phone = freshPhone();
    expect((await requestCode(phone, { ip: freshAddress() })).status).toBe(200);
    const db = await getDb();
    const rows = await queryRows<{ phone_hash: string; line_type: string }>(db, sql`select phone_hash, line_type from line_checks`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(phone);
    await purgeOldLineChecks(new Date(Date.now() + (LINE_CHECK_TTL_DAYS + 1) * 24 * 60 * 60_000));
    expect(await queryRows(db, sql`select 1 from line_checks`)).toEqual([]);
  });

  it("never looks up a player's number: a player signs in whatever the lookup would say", async () => {
    const player = await createProfile();
    lookup.setLine(player.phone, "landline");
    const before = lookup.requests.length;
    expect((await requestCode(player.phone.slice(2), { ip: freshAddress() })).status).toBe(200);
    expect(lookup.requests.length).toBe(before);
    expect(textsIn(smsLogFile, player.phone)).toHaveLength(1);
  });

  it("lets the number through when the lookup answers an error, counting the failure, and asks again next time", async () => {
    const phone = freshPhone();
    const failedBefore = await outcome("failed");
    lookup.failWith(500);
    const ip = freshAddress();
    expect((await requestCode(phone, { ip })).status).toBe(200);
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
    expect(await outcome("failed")).toBe(failedBefore + 1);
    lookup.failWith(null);
    // A failure is not cached: the next code (from another browser) is looked up.
    expect((await requestCode(phone, { ip })).status).toBe(200);
    expect(lookupsOf(phone)).toBe(2);
  });

  it("lets the number through within the timeout when the lookup does not answer", async () => {
    const phone = freshPhone();
    lookup.hang(true);
    const started = Date.now();
    expect((await requestCode(phone, { ip: freshAddress() })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
  });

  it("stays within the sign-in limits: past an address's hourly sends nothing more is looked up", async () => {
    const ip = freshAddress();
    const before = lookup.requests.length;
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) answers.push((await requestCode(freshPhone(), { ip })).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([429, 429]);
    expect(lookup.requests.length - before).toBe(20);
  });
});
