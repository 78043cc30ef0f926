// A player's texts, managed on their own profile (issue 23 item 3): "Pause all
// texts" is the same flag as a STOP reply (docs/PRODUCT.md §9), so each shows as the
// other and the pack-open job honours both alike.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { NextRequest } from "next/server";
import { DELETE as unfollowSeriesRoute, POST as followSeriesRoute } from "@/app/api/follow/series/route";
import { DELETE as unfollowTeamRoute, POST as followTeamRoute } from "@/app/api/follow/team/route";
import { GET as settingsGetRoute, PUT as settingsPutRoute } from "@/app/api/notifications/settings/route";
import { POST as favoriteRoute } from "@/app/api/profile/updateFavoriteTeam/route";
import { POST as inboundRoute } from "@/app/api/sms/inbound/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { follows, smsOutbox } from "@/server/db/schema";
import { queuePackOpenTexts } from "@/server/notifications/pack-open/queue-pack-open-texts";
import { twilioSignature } from "@/server/subscriptions/twilio-signature";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { insertPack, insertSeries, insertTeam, json } from "./awards-fixtures";

const INBOUND_URL = "http://localhost:3000/api/sms/inbound";
const savedEnv = { ...process.env };
beforeAll(async () => {
  await createTestDb();
  // STOP / START count only when signed by Twilio (docs/decisions/019-public-surface.md).
  Object.assign(process.env, { TWILIO_AUTH_TOKEN: "settings-test-token", NEXTAUTH_URL: "http://localhost:3000" });
  resetServerEnvCache();
});
afterAll(async () => {
  process.env = savedEnv;
  resetServerEnvCache();
  await closeTestDb();
});

const noParams = routeParams({});
type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: typeof noParams) => Promise<Response>;
const call = async (handler: Handler, path: string, options: Parameters<typeof apiRequest>[1] = {}) =>
  json(await handler(await apiRequest(path, options), noParams));

interface Settings {
  smsOptOut: boolean;
  leagues: Record<string, boolean>;
  teams: Array<{ teamId: string; slug: string; followed: boolean; subscribed: boolean }>;
  series: Array<{ seriesId: string; followed: boolean; subscribed: boolean }>;
}
const settingsOf = async (player: TestProfile) => {
  const answer = await call(settingsGetRoute, "/api/notifications/settings", { as: player });
  expect(answer.status).toBe(200);
  return answer.body.settings as Settings;
};
const pauseTexts = (player: TestProfile, paused: boolean) =>
  call(settingsPutRoute, "/api/notifications/settings", { method: "PUT", body: { smsOptOut: paused }, as: player });

/** A reply from the player's phone, signed the way Twilio signs. */
const textFrom = async (player: TestProfile, body: "STOP" | "START") => {
  const params = { From: player.phone, Body: body, MessageSid: `SM${randomBytes(16).toString("hex")}` };
  const response = await inboundRoute(
    new NextRequest(INBOUND_URL, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature("settings-test-token", INBOUND_URL, params),
      },
      body: new URLSearchParams(params).toString(),
    }),
  );
  expect(response.status).toBe(200);
};

const HOUR = 3_600_000;
let packNumber = 0;
/** Opens a new pack for the team and runs the pack-open texting job; returns who was texted. */
const openPackAndText = async (team: Awaited<ReturnType<typeof insertTeam>>, rival: Awaited<ReturnType<typeof insertTeam>>) => {
  const now = new Date();
  const pack = await insertPack({
    status: "open",
    openTime: new Date(now.getTime() - 60_000),
    closeTime: new Date(now.getTime() + 2 * HOUR),
    teams: [team, rival],
    title: `Pack ${++packNumber}`,
  });
  await queuePackOpenTexts({ now });
  const db = await getDb();
  const texts = await db
    .select({ profileId: smsOutbox.profileId })
    .from(smsOutbox)
    .where(like(smsOutbox.dedupeKey, `pack_open:${pack.id}:%`));
  return new Set(texts.map((text) => text.profileId));
};

let eagles: Awaited<ReturnType<typeof insertTeam>>;
let cowboys: Awaited<ReturnType<typeof insertTeam>>;
beforeAll(async () => {
  eagles = await insertTeam({ slug: "eagles", name: "Eagles", fullName: "Philadelphia Eagles", abbreviation: "PHI" });
  cowboys = await insertTeam({ slug: "cowboys", name: "Cowboys", fullName: "Dallas Cowboys", abbreviation: "DAL" });
});

const follow = async (player: TestProfile, teamSlug: string) =>
  expect((await call(followTeamRoute, "/api/follow/team", { body: { teamSlug }, as: player })).status).toBe(200);

describe("pausing all texts on the profile", () => {
  it("stops the next pack-open text exactly as a STOP reply does, and each shows as paused", async () => {
    const pausedHere = await createProfile();
    const stoppedByText = await createProfile();
    const listening = await createProfile();
    for (const player of [pausedHere, stoppedByText, listening]) await follow(player, "eagles");

    expect(await pauseTexts(pausedHere, true)).toMatchObject({ status: 200, body: { success: true, settings: { smsOptOut: true } } });
    await textFrom(stoppedByText, "STOP");
    expect((await settingsOf(stoppedByText)).smsOptOut).toBe(true);

    const texted = await openPackAndText(eagles, cowboys);
    expect(texted.has(listening.id)).toBe(true);
    expect(texted.has(pausedHere.id)).toBe(false);
    expect(texted.has(stoppedByText.id)).toBe(false);
    // Pausing keeps what the player follows and subscribes to, ready for a resume.
    expect((await settingsOf(pausedHere)).teams).toMatchObject([{ teamId: eagles.id, followed: true, subscribed: true }]);
  });

  it("resuming on the profile, or texting START, brings the next pack-open text back, whichever way texts were paused", async () => {
    const pausedHereResumedHere = await createProfile();
    const pausedHereStartedByText = await createProfile();
    const stoppedByTextResumedHere = await createProfile();
    for (const player of [pausedHereResumedHere, pausedHereStartedByText, stoppedByTextResumedHere]) await follow(player, "cowboys");
    await pauseTexts(pausedHereResumedHere, true);
    await pauseTexts(pausedHereStartedByText, true);
    await textFrom(stoppedByTextResumedHere, "STOP");

    expect((await pauseTexts(pausedHereResumedHere, false)).body.settings).toMatchObject({ smsOptOut: false });
    await textFrom(pausedHereStartedByText, "START");
    expect((await settingsOf(pausedHereStartedByText)).smsOptOut).toBe(false);
    await pauseTexts(stoppedByTextResumedHere, false);

    const texted = await openPackAndText(cowboys, eagles);
    for (const player of [pausedHereResumedHere, pausedHereStartedByText, stoppedByTextResumedHere])
      expect(texted.has(player.id)).toBe(true);
  });

  it("turns one team's texts off and on without unfollowing it", async () => {
    const player = await createProfile();
    await follow(player, "eagles");
    const off = await call(settingsPutRoute, "/api/notifications/settings", {
      method: "PUT",
      body: { teams: { [eagles.id]: false } },
      as: player,
    });
    expect((off.body.settings as Settings).teams).toMatchObject([{ teamId: eagles.id, followed: true, subscribed: false }]);
    expect((await openPackAndText(eagles, cowboys)).has(player.id)).toBe(false);
    await call(settingsPutRoute, "/api/notifications/settings", { method: "PUT", body: { teams: { [eagles.id]: true } }, as: player });
    expect((await openPackAndText(eagles, cowboys)).has(player.id)).toBe(true);
  });
});

describe("unfollowing from the profile", () => {
  it("removes the follow and its texts; the team leaves the settings", async () => {
    const player = await createProfile();
    await follow(player, "eagles");
    expect((await settingsOf(player)).teams).toMatchObject([
      { teamId: eagles.id, slug: "eagles", followed: true, favorite: false, subscribed: true },
    ]);
    const unfollowed = await call(unfollowTeamRoute, "/api/follow/team", { method: "DELETE", body: { teamSlug: "eagles" }, as: player });
    expect(unfollowed).toEqual({ status: 200, body: { success: true, followsTeam: false } });
    const db = await getDb();
    expect(await db.select().from(follows).where(eq(follows.profileId, player.id))).toEqual([]);
    expect((await settingsOf(player)).teams).toEqual([]);
    expect((await openPackAndText(eagles, cowboys)).has(player.id)).toBe(false);
  });

  it("lists a series followed, and unfollowing it removes it", async () => {
    const season = await insertSeries({ slug: "settings-season", title: "Birds season" });
    const player = await createProfile();
    await call(followSeriesRoute, "/api/follow/series", { body: { seriesId: season.id }, as: player });
    expect((await settingsOf(player)).series).toMatchObject([{ seriesId: season.id, followed: true, subscribed: true }]);
    await call(unfollowSeriesRoute, "/api/follow/series", { method: "DELETE", body: { seriesId: season.id }, as: player });
    expect((await settingsOf(player)).series).toEqual([]);
  });

  it("counts the favourite team as followed, as the team page does", async () => {
    const player = await createProfile();
    await call(favoriteRoute, "/api/profile/updateFavoriteTeam", { body: { teamSlug: "cowboys", smsConsent: false }, as: player });
    const db = await getDb();
    await db.delete(follows).where(eq(follows.profileId, player.id));
    expect((await settingsOf(player)).teams).toMatchObject([{ teamId: cowboys.id, followed: true, favorite: true, subscribed: false }]);
  });
});

describe("only the owner reads or changes their settings", () => {
  it("a visitor gets 401 JSON for reading or changing settings", async () => {
    expect(await call(settingsGetRoute, "/api/notifications/settings")).toEqual({
      status: 401,
      body: { success: false, error: expect.any(String) },
    });
    const put = await call(settingsPutRoute, "/api/notifications/settings", { method: "PUT", body: { smsOptOut: true } });
    expect(put).toEqual({ status: 401, body: { success: false, error: expect.any(String) } });
  });

  it("another player reads only their own settings, and cannot pause, unfollow or name someone else's", async () => {
    const owner = await createProfile();
    const other = await createProfile();
    await follow(owner, "eagles");
    const ownerBefore = await settingsOf(owner);

    expect(await settingsOf(other)).toMatchObject({ smsOptOut: false, teams: [], series: [] });
    // A body that names another profile is refused outright, not applied to anyone.
    for (const body of [
      { profileId: owner.id, smsOptOut: true },
      { handle: owner.handle, smsOptOut: true },
    ]) {
      const refused = await call(settingsPutRoute, "/api/notifications/settings", { method: "PUT", body, as: other });
      expect(refused).toEqual({ status: 400, body: { success: false, error: expect.any(String) } });
    }
    expect((await settingsOf(other)).smsOptOut).toBe(false);
    // Their own pause and unfollow touch only their own rows.
    await pauseTexts(other, true);
    await call(unfollowTeamRoute, "/api/follow/team", { method: "DELETE", body: { teamSlug: "eagles" }, as: other });
    expect(await settingsOf(owner)).toEqual(ownerBefore);
  });

  it("reminders start on, an hour before the close, in the zone of the player's number, and the player can change all three", async () => {
    const player = await createProfile({ phone: `+1213${String(Date.now() % 10_000_000).padStart(7, "0")}` });
    expect(await settingsOf(player)).toMatchObject({
      reminders: true,
      reminderLeadMinutes: 60,
      timeZone: null,
      numberTimeZone: "America/Los_Angeles",
    });
    const put = (body: Record<string, unknown>) =>
      call(settingsPutRoute, "/api/notifications/settings", { method: "PUT", body, as: player });
    const saved = await put({ reminders: false, reminderLeadMinutes: 180, timeZone: "America/Chicago" });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ reminders: false, reminderLeadMinutes: 180, timeZone: "America/Chicago" });
    // Back to the number's zone.
    expect((await put({ timeZone: null })).body.settings).toMatchObject({ timeZone: null, reminders: false, reminderLeadMinutes: 180 });

    for (const body of [
      { reminderLeadMinutes: 45 },
      { reminderLeadMinutes: "60" },
      { timeZone: "Europe/Paris" },
      { timeZone: "" },
      { reminders: "yes" },
    ]) {
      expect(await put(body)).toEqual({ status: 400, body: { success: false, error: expect.any(String) } });
    }
    expect(await settingsOf(player)).toMatchObject({ reminders: false, reminderLeadMinutes: 180, timeZone: null });
  });

  it("a write from another site is refused with 403 JSON", async () => {
    const owner = await createProfile();
    const answer = await call(settingsPutRoute, "/api/notifications/settings", {
      method: "PUT",
      body: { smsOptOut: true },
      as: owner,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(answer).toEqual({ status: 403, body: { success: false, error: "Cross-origin requests are not allowed." } });
    expect((await settingsOf(owner)).smsOptOut).toBe(false);
  });
});
