import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { POST as inboundRoute } from "@/app/api/sms/inbound/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { packs, profiles, props, smsOutbox, subscriptions } from "@/server/db/schema";
import { PERIODIC_TASKS } from "@/server/jobs/tasks";
import { queuePackOpenTexts } from "@/server/notifications/pack-open/queue-pack-open-texts";
import { packOpenText } from "@/server/notifications/pack-open/pack-open-text";
import { twilioSignature } from "@/server/subscriptions/twilio-signature";
import { createProfile, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { insertPack, insertSeries, insertTeam } from "./awards-fixtures";
import { NextRequest } from "next/server";

beforeAll(createTestDb);
afterAll(closeTestDb);

const HOUR = 3_600_000;
const subscribe = async (player: TestProfile, scope: { league?: string; teamId?: string; seriesId?: string }) => {
  const db = await getDb();
  const scopeKey = scope.league ? `league:${scope.league}` : scope.teamId ? `team:${scope.teamId}` : `series:${scope.seriesId}`;
  await db.insert(subscriptions).values({ profileId: player.id, scopeKey, ...scope });
};
const packTexts = async (packId: string, to?: TestProfile) => {
  const db = await getDb();
  return db
    .select()
    .from(smsOutbox)
    .where(like(smsOutbox.dedupeKey, `pack_open:${packId}:${to ? to.id : "%"}`));
};

describe("pack-open texts", () => {
  it("texts every league, team and series subscriber exactly once, none of the opted-out, and never twice", async () => {
    const eagles = await insertTeam({ slug: "eagles", name: "Eagles" });
    const cowboys = await insertTeam({ slug: "cowboys", name: "Cowboys" });
    const yankees = await insertTeam({ league: "mlb", slug: "yankees", name: "Yankees" });
    const now = new Date();
    const pack = await insertPack({
      status: "coming-soon",
      openTime: new Date(now.getTime() - 60_000),
      closeTime: new Date(now.getTime() + 2 * HOUR),
      teams: [eagles, cowboys],
      title: "Cowboys at Eagles",
    });
    const season = await insertSeries({ slug: "rivalry", packIds: [pack.id] });

    const leagueFan = await createProfile();
    const homeFan = await createProfile();
    const awayFan = await createProfile();
    const seriesFan = await createProfile();
    const everything = await createProfile();
    const optedOut = await createProfile();
    const otherLeague = await createProfile();
    const otherTeam = await createProfile();
    await subscribe(leagueFan, { league: "nfl" });
    await subscribe(homeFan, { teamId: eagles.id });
    await subscribe(awayFan, { teamId: cowboys.id });
    await subscribe(seriesFan, { seriesId: season.id });
    for (const scope of [{ league: "nfl" }, { teamId: eagles.id }, { teamId: cowboys.id }, { seriesId: season.id }])
      await subscribe(everything, scope);
    await subscribe(optedOut, { league: "nfl" });
    await subscribe(otherLeague, { league: "mlb" });
    await subscribe(otherTeam, { teamId: yankees.id });
    const db = await getDb();
    await db.update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, optedOut.id));

    await queuePackOpenTexts({ now });
    const texts = await packTexts(pack.id);
    expect(texts.map((t) => t.profileId).sort()).toEqual([leagueFan, homeFan, awayFan, seriesFan, everything].map((p) => p.id).sort());
    const toLeagueFan = texts.find((t) => t.profileId === leagueFan.id)!;
    expect(toLeagueFan).toMatchObject({ toPhone: leagueFan.phone, kind: "pack_open", dedupeKey: `pack_open:${pack.id}:${leagueFan.id}` });
    expect(toLeagueFan.body).toMatch(/^Cowboys at Eagles is open; 2h 0m left to make your takes http.*\/packs\/pack-/);
    const [marked] = await db.select({ openNotifiedAt: packs.openNotifiedAt }).from(packs).where(eq(packs.id, pack.id));
    expect(marked!.openNotifiedAt).toBeInstanceOf(Date);

    // A second run, and a run that pretends the pack was never marked, send nothing new.
    await queuePackOpenTexts({ now });
    await db.update(packs).set({ openNotifiedAt: null }).where(eq(packs.id, pack.id));
    await queuePackOpenTexts({ now: new Date(now.getTime() + 60_000) });
    expect(await packTexts(pack.id)).toHaveLength(5);
  });

  it("waits for a coming-soon pack's open time and ignores drafts", async () => {
    const now = new Date();
    const player = await createProfile();
    await subscribe(player, { league: "mlb" });
    const later = await insertPack({ league: "mlb", status: "coming-soon", openTime: new Date(now.getTime() + HOUR) });
    const draft = await insertPack({ league: "mlb", status: "draft", openTime: new Date(now.getTime() - HOUR) });
    const openNoTime = await insertPack({ league: "mlb", status: "open", openTime: null });
    await queuePackOpenTexts({ now });
    expect(await packTexts(later.id, player)).toHaveLength(0);
    expect(await packTexts(draft.id, player)).toHaveLength(0);
    expect(await packTexts(openNoTime.id, player)).toHaveLength(1);
    await queuePackOpenTexts({ now: new Date(now.getTime() + HOUR + 1000) });
    expect(await packTexts(later.id, player)).toHaveLength(1);
  });

  it("never announces a pack whose every prop is closed, and does once a prop opens", async () => {
    const now = new Date();
    const player = await createProfile();
    await subscribe(player, { league: "mlb" });
    const allClosed = await insertPack({ league: "mlb", status: "open", openTime: new Date(now.getTime() - 60_000), openProps: 0 });
    await queuePackOpenTexts({ now });
    expect(await packTexts(allClosed.id, player)).toHaveLength(0);
    const db = await getDb();
    await db.update(props).set({ status: "open" }).where(eq(props.packId, allClosed.id));
    await queuePackOpenTexts({ now: new Date(now.getTime() + 1_000) });
    expect(await packTexts(allClosed.id, player)).toHaveLength(1);
  });

  it("marks a pack that closed before anyone was told without texting", async () => {
    const now = new Date();
    const player = await createProfile();
    await subscribe(player, { league: "nfl" });
    const stale = await insertPack({
      status: "open",
      openTime: new Date(now.getTime() - 3 * HOUR),
      closeTime: new Date(now.getTime() - HOUR),
    });
    await queuePackOpenTexts({ now });
    expect(await packTexts(stale.id)).toHaveLength(0);
  });

  it("runs as the worker's periodic task: two runs text a newly opened pack's subscriber once", async () => {
    const task = PERIODIC_TASKS.find((candidate) => candidate.name === "queue-pack-open-texts");
    expect(task).toBeDefined();
    const team = await insertTeam({ slug: "ravens", name: "Ravens" });
    const rival = await insertTeam({ slug: "steelers", name: "Steelers" });
    const fan = await createProfile();
    await subscribe(fan, { teamId: team.id });
    const pack = await insertPack({ status: "open", openTime: new Date(Date.now() - 1000), teams: [team, rival] });
    await task!.run();
    await task!.run();
    expect(await packTexts(pack.id, fan)).toHaveLength(1);
  });

  it("words the text with the time left, or without when the pack has no close time", () => {
    const now = new Date("2025-10-12T17:00:00Z");
    expect(packOpenText({ title: "Week 6", url: "https://x/packs/w6", closeTime: new Date("2025-10-13T19:30:00Z"), now })).toBe(
      "Week 6 is open; 1d 2h 30m left to make your takes https://x/packs/w6",
    );
    expect(packOpenText({ title: "Week 6", url: "https://x/packs/w6", closeTime: null, now })).toBe(
      "Week 6 is open! Make your takes https://x/packs/w6",
    );
  });
});

describe("inbound SMS (STOP / START)", () => {
  const inbound = async (params: Record<string, string>, headers: Record<string, string> = {}) =>
    inboundRoute(
      new NextRequest("http://localhost:3000/api/sms/inbound", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(params).toString(),
      }),
    );
  const optOutOf = async (player: TestProfile) => {
    const db = await getDb();
    const [row] = await db.select({ smsOptOut: profiles.smsOptOut }).from(profiles).where(eq(profiles.id, player.id));
    return row!.smsOptOut;
  };

  const sid = () => `SM${randomBytes(16).toString("hex")}`;
  /** Signed with the auth token the way Twilio signs, for the public URL it posts to. */
  const signed = (params: Record<string, string>, token = "inbound-test-token", url = "http://localhost:3000/api/sms/inbound") => ({
    "x-twilio-signature": twilioSignature(token, url, params),
  });

  describe("on the default (log) transport", () => {
    const saved = { ...process.env };
    beforeAll(() => {
      Object.assign(process.env, { TWILIO_AUTH_TOKEN: "inbound-test-token", NEXTAUTH_URL: "http://localhost:3000" });
      resetServerEnvCache();
    });
    afterAll(() => {
      process.env = saved;
      resetServerEnvCache();
    });

    it("a signed STOP pauses every text to the sender and a signed START resumes them", async () => {
      const player = await createProfile();
      const stop = { From: player.phone, Body: " stop ", MessageSid: sid() };
      const response = await inbound(stop, signed(stop));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/xml");
      expect(await optOutOf(player)).toBe(true);
      const chatter = { From: player.phone, Body: "Hello there", MessageSid: sid() };
      await inbound(chatter, signed(chatter));
      expect(await optOutOf(player)).toBe(true);
      const start = { From: player.phone, Body: "START", MessageSid: sid() };
      await inbound(start, signed(start));
      expect(await optOutOf(player)).toBe(false);
    });

    it("an unsigned STOP from anyone changes nothing, whatever the transport", async () => {
      const player = await createProfile();
      const stop = { From: player.phone, Body: "STOP", MessageSid: sid() };
      expect((await inbound(stop)).status).toBe(403);
      expect((await inbound(stop, signed(stop, "a-guessed-token"))).status).toBe(403);
      expect(await optOutOf(player)).toBe(false);
    });

    it("a captured signed START replayed after the player texted STOP keeps them opted out", async () => {
      const player = await createProfile();
      const start = { From: player.phone, Body: "START", MessageSid: sid() };
      expect((await inbound(start, signed(start))).status).toBe(200);
      const stop = { From: player.phone, Body: "STOP", MessageSid: sid() };
      expect((await inbound(stop, signed(stop))).status).toBe(200);
      expect(await optOutOf(player)).toBe(true);
      // The replay is answered like Twilio's own retries, and does nothing.
      expect((await inbound(start, signed(start))).status).toBe(200);
      expect(await optOutOf(player)).toBe(true);
    });

    it("a signed request without a MessageSid is refused", async () => {
      const player = await createProfile();
      const stop = { From: player.phone, Body: "STOP" };
      expect((await inbound(stop, signed(stop))).status).toBe(400);
      expect(await optOutOf(player)).toBe(false);
    });
  });

  it("with no TWILIO_AUTH_TOKEN the webhook is off: even a request signed with an empty key changes nothing", async () => {
    const saved = process.env.TWILIO_AUTH_TOKEN;
    delete process.env.TWILIO_AUTH_TOKEN;
    resetServerEnvCache();
    try {
      const player = await createProfile();
      const stop = { From: player.phone, Body: "STOP", MessageSid: sid() };
      expect((await inbound(stop, signed(stop, ""))).status).toBe(403);
      expect(await optOutOf(player)).toBe(false);
    } finally {
      if (saved !== undefined) process.env.TWILIO_AUTH_TOKEN = saved;
      resetServerEnvCache();
    }
  });

  describe("with the Twilio transport", () => {
    const saved = { ...process.env };
    beforeAll(() => {
      Object.assign(process.env, {
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: "AC_test",
        TWILIO_AUTH_TOKEN: "twilio-test-token",
        TWILIO_FROM_NUMBER: "+15550000000",
        NEXTAUTH_URL: "https://takes.example",
      });
      resetServerEnvCache();
    });
    afterAll(() => {
      process.env = saved;
      resetServerEnvCache();
    });

    it("refuses a request without a valid signature and changes nothing", async () => {
      const player = await createProfile();
      const params = { From: player.phone, Body: "STOP", MessageSid: sid() };
      expect((await inbound(params)).status).toBe(403);
      expect((await inbound(params, { "x-twilio-signature": "bm90IGl0" })).status).toBe(403);
      const signedForOtherBody = twilioSignature("twilio-test-token", "https://takes.example/api/sms/inbound", {
        ...params,
        Body: "START",
      });
      expect((await inbound(params, { "x-twilio-signature": signedForOtherBody })).status).toBe(403);
      expect(await optOutOf(player)).toBe(false);
    });

    it("accepts a correctly signed STOP", async () => {
      const player = await createProfile();
      const params = { From: player.phone, Body: "STOP", To: "+15550000000", MessageSid: sid() };
      const signature = twilioSignature("twilio-test-token", "https://takes.example/api/sms/inbound", params);
      expect((await inbound(params, { "x-twilio-signature": signature })).status).toBe(200);
      expect(await optOutOf(player)).toBe(true);
    });
  });

  it("computes Twilio's documented example signature", () => {
    // The example from Twilio's security docs.
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+14158675309", Digits: "1234", From: "+14158675309", To: "+18005551212" };
    expect(twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
  });
});
