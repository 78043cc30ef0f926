import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { profiles, props, receipts, smsOutbox, subscriptions, takes } from "@/server/db/schema";
import { deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { queuePackOpenTexts } from "@/server/notifications/pack-open/queue-pack-open-texts";
import { queuePackReminders } from "@/server/notifications/reminders/queue-pack-reminders";
import { DROP_REASONS } from "@/server/notifications/check-at-send-time";
import { sentToday } from "@/server/notifications/send-budget";
import { appMetrics } from "@/server/ops/metrics";
import { GET as packReminderStateRoute, PUT as packReminderRoute } from "@/app/api/notifications/pack-reminder/route";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { insertPack, insertSeries, insertTeam, json } from "./awards-fixtures";

// Quiet hours on for this file only: every other test runs on the wall clock (vitest.config.ts).
// The texts go to a log file, as the app's do: printed, their numbers would be in the tests' log
// lines, which the CI scans for phone numbers (scripts/scan-server-logs.mjs).
beforeAll(async () => {
  process.env.SMS_LOG_FILE = path.join(mkdtempSync(path.join(tmpdir(), "takes-reminders-")), "sms.log");
  process.env.QUIET_HOURS = "1";
  resetServerEnvCache();
  await createTestDb();
});
afterAll(async () => {
  process.env.QUIET_HOURS = "0";
  resetServerEnvCache();
  await closeTestDb();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The instant a wall clock in `zone` shows `hour:minute` on the day `daysAhead` from today (UTC date). */
function localTime(zone: string, daysAhead: number, hour: number, minute = 0): Date {
  const day = new Date(Date.now() + daysAhead * 24 * HOUR);
  const guess = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(new Date(guess));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const shown = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(guess - (shown - guess));
}
const localClock = (zone: string, at: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).format(at);

const EASTERN = "America/New_York";
const phoneIn = (areaCode: string) => `+1${areaCode}${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

const follow = async (player: TestProfile, scope: { teamId?: string; seriesId?: string; league?: string }) => {
  const db = await getDb();
  const scopeKey = scope.league ? `league:${scope.league}` : scope.teamId ? `team:${scope.teamId}` : `series:${scope.seriesId}`;
  await db.insert(subscriptions).values({ profileId: player.id, scopeKey, ...scope });
};
const setProfile = async (player: TestProfile, values: Partial<typeof profiles.$inferInsert>) => {
  const db = await getDb();
  await db.update(profiles).set(values).where(eq(profiles.id, player.id));
};
/** The player picks the first `count` props of the pack (side A), in one receipt. */
const pick = async (player: TestProfile, packId: string, count: number) => {
  const db = await getDb();
  const packProps = await db.select().from(props).where(eq(props.packId, packId)).orderBy(asc(props.position)).limit(count);
  const receiptId = `r${randomBytes(6).toString("hex")}`;
  await db.insert(receipts).values({ id: receiptId, profileId: player.id, packId, idempotencyKey: randomUUID() });
  await db
    .insert(takes)
    .values(packProps.map((prop) => ({ profileId: player.id, propId: prop.id, packId, receiptId, side: "A", lockedValue: 100 })));
};
const reminders = async (packId: string) => {
  const db = await getDb();
  return db
    .select()
    .from(smsOutbox)
    .where(like(smsOutbox.dedupeKey, `pack_reminder:${packId}:%`));
};
const reminderTo = async (packId: string, player: TestProfile) => (await reminders(packId)).filter((t) => t.profileId === player.id);
const deliverAll = async (now: Date) => {
  while ((await deliverQueuedTexts({ now, limit: 200 })).sent > 0);
};
const statusOf = async (ids: string[]) => {
  const db = await getDb();
  const rows = await db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, { status: row.status, lastError: row.lastError }]));
};
const droppedCount = async (kind: string, reason: string) =>
  (await appMetrics().textsDropped.get()).values.find((v) => v.labels.kind === kind && v.labels.reason === reason)?.value ?? 0;

describe("pack reminders", () => {
  it("go once to each follower of the pack's teams or series who still has picks to make, at their chosen lead time", async () => {
    const noon = localTime(EASTERN, 2, 12);
    const eagles = await insertTeam({ slug: `eagles-${randomInt(1e6)}`, name: "Eagles" });
    const cowboys = await insertTeam({ slug: `cowboys-${randomInt(1e6)}`, name: "Cowboys" });
    const other = await insertTeam({ slug: `giants-${randomInt(1e6)}`, name: "Giants" });
    const pack = await insertPack({
      title: "Eagles at Cowboys",
      openTime: new Date(noon.getTime() - 24 * HOUR),
      closeTime: new Date(noon.getTime() + HOUR),
      teams: [cowboys, eagles],
      openProps: 5,
      openNotifiedAt: noon,
    });
    const season = await insertSeries({ slug: `season-${randomInt(1e6)}`, packIds: [pack.id] });

    const homeFan = await createProfile();
    const seriesFan = await createProfile();
    const bothFan = await createProfile();
    const halfway = await createProfile();
    const done = await createProfile();
    const leagueOnly = await createProfile();
    const otherTeamFan = await createProfile();
    const remindersOff = await createProfile();
    const halfHourFan = await createProfile();
    const threeHourFan = await createProfile();
    const stopped = await createProfile();
    for (const player of [homeFan, halfway, done, remindersOff, halfHourFan, threeHourFan, stopped])
      await follow(player, { teamId: eagles.id });
    await follow(seriesFan, { seriesId: season.id });
    await follow(bothFan, { teamId: cowboys.id });
    await follow(bothFan, { seriesId: season.id });
    await follow(leagueOnly, { league: "nfl" });
    await follow(otherTeamFan, { teamId: other.id });
    await pick(halfway, pack.id, 2);
    await pick(done, pack.id, 5);
    await setProfile(remindersOff, { remindersOn: false });
    await setProfile(halfHourFan, { reminderLeadMinutes: 30 });
    await setProfile(threeHourFan, { reminderLeadMinutes: 180 });
    await setProfile(stopped, { smsOptOut: true });

    // Two and a half hours before the close: only the three-hour player's time has come.
    expect((await queuePackReminders({ now: new Date(noon.getTime() - 90 * MINUTE) })).queued).toBe(1);
    expect((await reminders(pack.id)).map((t) => t.profileId)).toEqual([threeHourFan.id]);

    // An hour before: every one-hour follower with picks left, once each.
    await queuePackReminders({ now: noon });
    const queued = await reminders(pack.id);
    expect(queued.map((t) => t.profileId).sort()).toEqual([homeFan, seriesFan, bothFan, halfway, threeHourFan].map((p) => p.id).sort());
    const [toHome] = await reminderTo(pack.id, homeFan);
    expect(toHome).toMatchObject({ kind: "pack_reminder", toPhone: homeFan.phone, status: "pending", notBefore: null, packId: pack.id });
    expect(toHome!.expiresAt).toEqual(pack.closeTime);
    expect(toHome!.body).toMatch(new RegExp(`^Eagles at Cowboys closes in 1 hour: you have 0 of 5 picked http.*/packs/${pack.packUrl}$`));
    expect((await reminderTo(pack.id, halfway))[0]!.body).toContain("closes in 1 hour: you have 2 of 5 picked");
    expect((await reminderTo(pack.id, threeHourFan))[0]!.body).toContain("closes in 2 hours 30 minutes: you have 0 of 5 picked");

    // Half an hour before: the half-hour player; nobody gets a second one, however often the task runs.
    await queuePackReminders({ now: new Date(noon.getTime() + 30 * MINUTE) });
    await queuePackReminders({ now: new Date(noon.getTime() + 31 * MINUTE) });
    const all = await reminders(pack.id);
    expect(all).toHaveLength(6);
    expect((await reminderTo(pack.id, halfHourFan))[0]!.body).toContain("closes in 30 minutes");

    await deliverAll(new Date(noon.getTime() + 31 * MINUTE));
    expect(Object.values(await statusOf(all.map((t) => t.id))).map((s) => s.status)).toEqual(Array(6).fill("sent"));
    // After the close, nothing more.
    expect((await queuePackReminders({ now: new Date(noon.getTime() + 61 * MINUTE) })).queued).toBe(0);
  });

  it("go once to each player when several workers run the task at the same moment", async () => {
    const noon = localTime(EASTERN, 6, 12);
    const home = await insertTeam({ slug: `rams-${randomInt(1e6)}`, name: "Rams" });
    const away = await insertTeam({ slug: `niners-${randomInt(1e6)}`, name: "Niners" });
    const pack = await insertPack({
      openTime: new Date(noon.getTime() - 24 * HOUR),
      closeTime: new Date(noon.getTime() + HOUR),
      teams: [home, away],
      openProps: 2,
      openNotifiedAt: noon,
    });
    const fans = await Promise.all(Array.from({ length: 12 }, () => createProfile()));
    for (const fan of fans) await follow(fan, { teamId: fans.indexOf(fan) % 2 ? home.id : away.id });
    const runs = await Promise.all(Array.from({ length: 4 }, () => queuePackReminders({ now: noon })));
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(12);
    expect((await reminders(pack.id)).map((t) => t.profileId).sort()).toEqual(fans.map((f) => f.id).sort());
  });

  it("are dropped at send time for a player who completed the pack or replied STOP after they were queued", async () => {
    const noon = localTime(EASTERN, 3, 12);
    const eagles = await insertTeam({ slug: `eagles-${randomInt(1e6)}`, name: "Eagles" });
    const cowboys = await insertTeam({ slug: `cowboys-${randomInt(1e6)}`, name: "Cowboys" });
    const pack = await insertPack({
      title: "Cowboys at Eagles",
      openTime: new Date(noon.getTime() - 24 * HOUR),
      closeTime: new Date(noon.getTime() + HOUR),
      teams: [eagles, cowboys],
      openProps: 3,
      openNotifiedAt: noon,
    });
    const finisher = await createProfile();
    const quitter = await createProfile();
    const waiting = await createProfile();
    for (const player of [finisher, quitter, waiting]) await follow(player, { teamId: eagles.id });
    await queuePackReminders({ now: noon });
    const queued = await reminders(pack.id);
    expect(queued).toHaveLength(3);

    const completedBefore = await droppedCount("pack_reminder", "completed");
    const stoppedBefore = await droppedCount("pack_reminder", "opted_out");
    await pick(finisher, pack.id, 3);
    await setProfile(quitter, { smsOptOut: true });
    await deliverAll(new Date(noon.getTime() + MINUTE));

    const status = await statusOf(queued.map((t) => t.id));
    const of = (player: TestProfile) => status[queued.find((t) => t.profileId === player.id)!.id];
    expect(of(finisher)).toEqual({ status: "skipped", lastError: DROP_REASONS.completed });
    expect(of(quitter)).toEqual({ status: "skipped", lastError: DROP_REASONS.opted_out });
    expect(of(waiting)).toEqual({ status: "sent", lastError: null });
    expect(await droppedCount("pack_reminder", "completed")).toBe(completedBefore + 1);
    expect(await droppedCount("pack_reminder", "opted_out")).toBe(stoppedBefore + 1);
  });

  it("wait for 8 am in the player's time zone (chosen, else area code, else Eastern) and are dropped when the pack has closed by then", async () => {
    // 7 am in New York, 6 am in Chicago, 4 am in Los Angeles: a pack closing at 10 am New York time.
    const sevenEastern = localTime(EASTERN, 4, 7);
    const team = await insertTeam({ slug: `bills-${randomInt(1e6)}`, name: "Bills" });
    const rival = await insertTeam({ slug: `jets-${randomInt(1e6)}`, name: "Jets" });
    const morningPack = await insertPack({
      title: "Jets at Bills",
      openTime: new Date(sevenEastern.getTime() - 24 * HOUR),
      closeTime: new Date(sevenEastern.getTime() + 3 * HOUR),
      teams: [team, rival],
      openProps: 2,
      openNotifiedAt: sevenEastern,
    });
    const eastern = await createProfile({ phone: phoneIn("555") });
    const pacific = await createProfile({ phone: phoneIn("213") });
    const pacificChoseCentral = await createProfile({ phone: phoneIn("213") });
    for (const player of [eastern, pacific, pacificChoseCentral]) {
      await follow(player, { teamId: team.id });
      await setProfile(player, { reminderLeadMinutes: 180 });
    }
    await setProfile(pacificChoseCentral, { timeZone: "America/Chicago" });
    await queuePackReminders({ now: sevenEastern });
    const [toEastern] = await reminderTo(morningPack.id, eastern);
    const [toPacific] = await reminderTo(morningPack.id, pacific);
    const [toCentral] = await reminderTo(morningPack.id, pacificChoseCentral);
    expect(localClock(EASTERN, toEastern!.notBefore!)).toBe("08:00");
    // Worded for when it goes out: at 8 am the pack closes in two hours, at 8 am in Chicago in one.
    expect(toEastern!.body).toContain("Jets at Bills closes in 2 hours: you have 0 of 2 picked");
    expect(toCentral!.body).toContain("Jets at Bills closes in 1 hour: you have 0 of 2 picked");
    expect(localClock("America/Chicago", toCentral!.notBefore!)).toBe("08:00");
    // 8 am in Los Angeles is past the close: held, then dropped.
    expect(localClock("America/Los_Angeles", toPacific!.notBefore!)).toBe("08:00");

    const expiredBefore = await droppedCount("pack_reminder", "expired");
    await deliverAll(new Date(toEastern!.notBefore!.getTime() - MINUTE));
    let status = await statusOf([toEastern!.id, toPacific!.id, toCentral!.id]);
    expect([toEastern!.id, toPacific!.id, toCentral!.id].map((id) => status[id]!.status)).toEqual(["pending", "pending", "pending"]);
    await deliverAll(toEastern!.notBefore!);
    status = await statusOf([toEastern!.id, toCentral!.id]);
    expect(status[toEastern!.id]!.status).toBe("sent");
    expect(status[toCentral!.id]!.status).toBe("pending");
    await deliverAll(toCentral!.notBefore!);
    expect((await statusOf([toCentral!.id]))[toCentral!.id]!.status).toBe("sent");
    await deliverAll(toPacific!.notBefore!);
    expect((await statusOf([toPacific!.id]))[toPacific!.id]).toEqual({ status: "skipped", lastError: DROP_REASONS.expired });
    expect(await droppedCount("pack_reminder", "expired")).toBe(expiredBefore + 1);
  });

  it("and pack-open texts are held at night where the player is, worded for the morning, and dropped if the pack closed by then", async () => {
    // 10 pm in New York is 7 pm in Los Angeles. One pack closes at 11 pm New York time, one at 10 am the next day.
    const tenEastern = localTime(EASTERN, 5, 22);
    const team = await insertTeam({ slug: `bears-${randomInt(1e6)}`, name: "Bears" });
    const rival = await insertTeam({ slug: `lions-${randomInt(1e6)}`, name: "Lions" });
    const opening = (closeTime: Date) =>
      insertPack({ status: "coming-soon", openTime: new Date(tenEastern.getTime() - MINUTE), closeTime, teams: [team, rival] });
    const lateNight = await opening(new Date(tenEastern.getTime() + HOUR));
    const overnight = await opening(new Date(tenEastern.getTime() + 12 * HOUR));
    const eastern = await createProfile({ phone: phoneIn("555") });
    const pacific = await createProfile({ phone: phoneIn("415") });
    for (const player of [eastern, pacific]) await follow(player, { teamId: team.id });
    await queuePackOpenTexts({ now: tenEastern });
    const db = await getDb();
    const textOf = async (packId: string, player: TestProfile) =>
      (
        await db
          .select()
          .from(smsOutbox)
          .where(and(eq(smsOutbox.kind, "pack_open"), eq(smsOutbox.packId, packId)))
      ).find((t) => t.profileId === player.id)!;
    const pacificNow = await textOf(overnight.id, pacific);
    const pacificLate = await textOf(lateNight.id, pacific);
    const easternMorning = await textOf(overnight.id, eastern);
    const easternLate = await textOf(lateNight.id, eastern);
    expect([pacificNow.notBefore, pacificLate.notBefore]).toEqual([null, null]);
    expect(pacificNow.body).toContain("is open; 12h 0m left");
    expect(localClock(EASTERN, easternMorning.notBefore!)).toBe("08:00");
    expect(easternMorning.body).toContain("is open; 2h 0m left");

    await deliverAll(new Date(tenEastern.getTime() + MINUTE));
    const ids = [pacificNow.id, pacificLate.id, easternMorning.id, easternLate.id];
    const first = await statusOf(ids);
    expect(ids.map((id) => first[id]!.status)).toEqual(["sent", "sent", "pending", "pending"]);
    await deliverAll(easternMorning.notBefore!);
    const status = await statusOf(ids);
    expect(status[easternMorning.id]).toEqual({ status: "sent", lastError: null });
    expect(status[easternLate.id]).toEqual({ status: "skipped", lastError: DROP_REASONS.expired });
  });
  it("go to a player who asked for one pack's reminder, once, whatever their switch, and not after they took it back, completed the pack or replied STOP", async () => {
    const noon = localTime(EASTERN, 8, 12);
    const team = await insertTeam({ slug: `rams-${randomInt(1e6)}`, name: "Rams" });
    const rival = await insertTeam({ slug: `seahawks-${randomInt(1e6)}`, name: "Seahawks" });
    const pack = await insertPack({
      title: "Seahawks at Rams",
      openTime: new Date(noon.getTime() - 24 * HOUR),
      closeTime: new Date(noon.getTime() + HOUR),
      teams: [team, rival],
      openProps: 2,
      openNotifiedAt: new Date(noon.getTime() - 24 * HOUR),
    });
    const remindMe = async (player: TestProfile, on: boolean) =>
      json(
        await packReminderRoute(
          await apiRequest("/api/notifications/pack-reminder", { method: "PUT", as: player, body: { packURL: pack.packUrl, on } }),
          routeParams({}),
        ),
      );
    const asker = await createProfile({ phone: phoneIn("555") });
    const switchedOff = await createProfile({ phone: phoneIn("555") });
    const changedMind = await createProfile({ phone: phoneIn("555") });
    const followerWhoAsked = await createProfile({ phone: phoneIn("555") });
    const completer = await createProfile({ phone: phoneIn("555") });
    const stopped = await createProfile({ phone: phoneIn("555") });
    // Asked twice (a double tap) is asked once.
    expect(await remindMe(asker, true)).toEqual({ status: 200, body: { success: true, reminder: true } });
    expect(await remindMe(asker, true)).toEqual({ status: 200, body: { success: true, reminder: true } });
    // An explicit ask is honoured though the reminders switch (about followed teams) is off.
    await setProfile(switchedOff, { remindersOn: false });
    await remindMe(switchedOff, true);
    await remindMe(changedMind, true);
    expect(await remindMe(changedMind, false)).toEqual({ status: 200, body: { success: true, reminder: false } });
    await follow(followerWhoAsked, { teamId: team.id });
    await remindMe(followerWhoAsked, true);
    for (const player of [completer, stopped]) await remindMe(player, true);
    await pick(completer, pack.id, 2);
    await setProfile(stopped, { smsOptOut: true });

    await queuePackReminders({ now: new Date(noon.getTime() - MINUTE) });
    expect(await reminders(pack.id)).toEqual([]);
    await queuePackReminders({ now: noon });
    await queuePackReminders({ now: new Date(noon.getTime() + MINUTE) });
    const texted = new Set((await reminders(pack.id)).map((text) => text.profileId));
    expect(texted).toEqual(new Set([asker.id, switchedOff.id, followerWhoAsked.id]));
    expect(await reminders(pack.id)).toHaveLength(3);
    expect((await reminderTo(pack.id, asker))[0]!.body).toContain("Seahawks at Rams closes in 1 hour: you have 0 of 2 picked");
  });

  it("are asked for through PUT /api/notifications/pack-reminder, which refuses a visitor, a bad body, an unknown pack and a closed one with clear JSON", async () => {
    const player = await createProfile();
    const open = await insertPack({ closeTime: new Date(Date.now() + 2 * HOUR) });
    const closed = await insertPack({ status: "graded", closeTime: new Date(Date.now() - HOUR) });
    const put = async (body: unknown, as?: TestProfile) =>
      json(await packReminderRoute(await apiRequest("/api/notifications/pack-reminder", { method: "PUT", as, body }), routeParams({})));
    expect((await put({ packURL: open.packUrl, on: true })).status).toBe(401);
    for (const bad of [
      { packURL: open.packUrl },
      { packURL: "Not A Pack", on: true },
      { packURL: open.packUrl, on: "yes" },
      { packURL: open.packUrl, on: true, profileId: player.id },
    ]) {
      const answer = await put(bad, player);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    expect(await put({ packURL: "no-such-pack-here", on: true }, player)).toMatchObject({
      status: 404,
      body: { success: false, error: "Pack not found" },
    });
    expect(await put({ packURL: closed.packUrl, on: true }, player)).toMatchObject({ status: 409, body: { success: false } });
    // The pack page's button reads the player's own state: asked or not, and their lead time.
    const state = async (query: string, as?: TestProfile) =>
      json(await packReminderStateRoute(await apiRequest(`/api/notifications/pack-reminder?${query}`, { as }), routeParams({})));
    expect((await state(`packURL=${open.packUrl}`)).status).toBe(401);
    expect(await state(`packURL=${open.packUrl}`, player)).toEqual({
      status: 200,
      body: { success: true, reminder: false, leadMinutes: 60 },
    });
    expect((await state("packURL=no-such-pack-here", player)).status).toBe(404);
    expect((await state("packURL=Bad%20URL", player)).status).toBe(400);
    // Taking a reminder back is never refused, closed or not.
    expect(await put({ packURL: closed.packUrl, on: false }, player)).toEqual({ status: 200, body: { success: true, reminder: false } });
    expect(await put({ packURL: open.packUrl, on: true }, player)).toEqual({ status: 200, body: { success: true, reminder: true } });
    await setProfile(player, { reminderLeadMinutes: 180 });
    expect(await state(`packURL=${open.packUrl}`, player)).toEqual({
      status: 200,
      body: { success: true, reminder: true, leadMinutes: 180 },
    });
  });

  it("come by 8:50 pm the evening before for a pack that closes in the player's quiet hours, not at a lead time that falls in the night", async () => {
    // A late game: closes at 10:10 pm in New York (7:10 pm in Los Angeles); both players chose a 1-hour lead.
    const tenPastTen = localTime(EASTERN, 7, 22, 10);
    const team = await insertTeam({ slug: `giants-${randomInt(1e6)}`, name: "Giants" });
    const rival = await insertTeam({ slug: `dodgers-${randomInt(1e6)}`, name: "Dodgers" });
    const lateGame = await insertPack({
      title: "Giants at Dodgers",
      openTime: new Date(tenPastTen.getTime() - 24 * HOUR),
      closeTime: tenPastTen,
      teams: [team, rival],
      openProps: 3,
      openNotifiedAt: new Date(tenPastTen.getTime() - 24 * HOUR),
    });
    const eastern = await createProfile({ phone: phoneIn("555") });
    const pacific = await createProfile({ phone: phoneIn("213") });
    for (const player of [eastern, pacific]) await follow(player, { teamId: team.id });

    await queuePackReminders({ now: localTime(EASTERN, 7, 20, 45) });
    expect(await reminders(lateGame.id)).toEqual([]);
    const lastCall = localTime(EASTERN, 7, 20, 50);
    await queuePackReminders({ now: lastCall });
    const [toEastern] = await reminderTo(lateGame.id, eastern);
    expect(toEastern!.notBefore).toBeNull();
    expect(toEastern!.body).toContain("Giants at Dodgers closes in 1 hour 20 minutes: you have 0 of 3 picked");
    // 5:50 pm in Los Angeles: the close is at 7:10 pm there, not in the night: the usual lead time.
    expect(await reminderTo(lateGame.id, pacific)).toEqual([]);
    await deliverAll(lastCall);
    expect((await statusOf([toEastern!.id]))[toEastern!.id]!.status).toBe("sent");

    await queuePackReminders({ now: new Date(tenPastTen.getTime() - HOUR) });
    const [toPacific] = await reminderTo(lateGame.id, pacific);
    expect(toPacific!.notBefore).toBeNull();
    expect(toPacific!.body).toContain("closes in 1 hour:");
    expect(await reminderTo(lateGame.id, eastern)).toHaveLength(1);
  });

  it("and a pack opening still waiting when 9 pm comes where the player is goes back to waiting for 8 am, worded for then, or is dropped if the pack closes first", async () => {
    // Queued at 8:50 pm in New York (not quiet yet), claimed at 9:05 pm: the tail of a paced blast.
    const tenToNine = localTime(EASTERN, 6, 20, 50);
    const team = await insertTeam({ slug: `colts-${randomInt(1e6)}`, name: "Colts" });
    const rival = await insertTeam({ slug: `texans-${randomInt(1e6)}`, name: "Texans" });
    const opening = (closeTime: Date) =>
      insertPack({ status: "coming-soon", openTime: new Date(tenToNine.getTime() - MINUTE), closeTime, teams: [team, rival] });
    const overnight = await opening(new Date(tenToNine.getTime() + 13 * HOUR + 10 * MINUTE));
    const lateNight = await opening(new Date(tenToNine.getTime() + 2 * HOUR));
    const eastern = await createProfile({ phone: phoneIn("555") });
    await follow(eastern, { teamId: team.id });
    await queuePackOpenTexts({ now: tenToNine });
    const db = await getDb();
    const textOf = async (packId: string) =>
      (
        await db
          .select()
          .from(smsOutbox)
          .where(and(eq(smsOutbox.kind, "pack_open"), eq(smsOutbox.packId, packId), eq(smsOutbox.profileId, eastern.id)))
      )[0]!;
    const queued = await textOf(overnight.id);
    expect(queued.notBefore).toBeNull();
    expect(queued.body).toContain("is open; 13h 10m left");

    const fivePastNine = new Date(tenToNine.getTime() + 15 * MINUTE);
    const expiredBefore = await droppedCount("pack_open", "expired");
    const sentCount = async () => (await db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.status, "sent"))).length;
    const [sentBefore, countedBefore] = [await sentCount(), await sentToday(db)];
    await deliverAll(fivePastNine);
    // The day's count is of texts sent: the held and the dropped one gave their sends back.
    expect((await sentToday(db)) - countedBefore).toBe((await sentCount()) - sentBefore);
    const held = await textOf(overnight.id);
    expect(held.status).toBe("pending");
    expect(localClock(EASTERN, held.notBefore!)).toBe("08:00");
    // Said again for 8 am, and the claim that found it quiet was not an attempt.
    expect(held.body).toContain("is open; 2h 0m left");
    expect(held.attempts).toBe(0);
    expect(await textOf(lateNight.id)).toMatchObject({ status: "skipped", lastError: DROP_REASONS.expired });
    // Counted (texts of the tests before this one may be dropped in the same delivery run).
    expect(await droppedCount("pack_open", "expired")).toBeGreaterThan(expiredBefore);

    await deliverAll(new Date(held.notBefore!.getTime() - MINUTE));
    expect((await textOf(overnight.id)).status).toBe("pending");
    await deliverAll(held.notBefore!);
    expect(await textOf(overnight.id)).toMatchObject({ status: "sent", attempts: 1 });
  });
});
