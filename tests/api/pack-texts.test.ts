// Texts under control (issue 24 items 4 and 7, docs/decisions/040-texts-under-control.md): the
// admin sees the pack-open text before opening, edits it or opens without texting; a pack whose
// every prop is closed opens with a warning and no text; results texts are resent only to the
// participants who did not get them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchPack } from "@/app/api/admin/packs/[packId]/route";
import { GET as previewRoute } from "@/app/api/admin/packs/[packId]/openText/route";
import { GET as resultsSummaryRoute, POST as resendRoute } from "@/app/api/admin/packs/[packId]/resultsTexts/route";
import { POST as statusRoute } from "@/app/api/admin/packs/[packId]/status/route";
import { POST as superPropRoute } from "@/app/api/admin/props/super/route";
import { POST as superPreviewRoute } from "@/app/api/admin/props/super/openText/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { adminAuditLog, events, packs, profiles, smsOutbox, subscriptions } from "@/server/db/schema";
import { queuePackGradedTexts } from "@/server/grading/queue-pack-graded-texts";
import { deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { queuePackOpenTexts } from "@/server/notifications/pack-open/queue-pack-open-texts";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createPack, submitTakes } from "../helpers/grading-fixtures";
import { textsIn } from "../helpers/sign-in";
import { insertPack, insertTeam } from "./awards-fixtures";

const HOUR = 3_600_000;
let smsLog: string;
let admin: TestProfile;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  smsLog = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
  process.env.SMS_LOG_FILE = smsLog;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

type Body = Record<string, unknown> & { success?: boolean; error?: string };
type AnyHandler = (req: never, ctx: never) => Promise<Response>;
async function call(handler: AnyHandler, url: string, options: { body?: unknown; method?: string; packId: string; as?: TestProfile }) {
  const req = await apiRequest(url, { as: options.as ?? admin, body: options.body, method: options.method });
  const response = await handler(req as never, routeParams({ packId: options.packId }) as never);
  return { status: response.status, body: (await response.json()) as Body };
}

let teamCount = 0;
/** A draft pack on a game between two new teams, with `fans` subscribed to its home team, and one opted-out fan. */
async function draftPackWithFans(options: { fans?: number; openProps?: number; openTime?: Date | null } = {}) {
  const home = await insertTeam({ slug: `home${++teamCount}x`, name: `Home${teamCount}` });
  const away = await insertTeam({ slug: `away${teamCount}x`, name: `Away${teamCount}` });
  const pack = await insertPack({
    status: "draft",
    openTime: options.openTime ?? null,
    closeTime: new Date(Date.now() + 2 * HOUR),
    teams: [home, away],
    openProps: options.openProps ?? 1,
    title: `Away${teamCount} at Home${teamCount}`,
  });
  const db = await getDb();
  const fans: TestProfile[] = [];
  for (let i = 0; i < (options.fans ?? 2) + 1; i++) {
    const fan = await createProfile();
    await db.insert(subscriptions).values({ profileId: fan.id, scopeKey: `team:${home.id}`, teamId: home.id });
    fans.push(fan);
  }
  const optedOut = fans.pop()!;
  await db.update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, optedOut.id));
  return { pack, fans, optedOut };
}

const openTexts = async (packId: string) =>
  (await getDb())
    .select()
    .from(smsOutbox)
    .where(like(smsOutbox.dedupeKey, `pack_open:${packId}:%`));
const preview = async (packId: string, query = "") =>
  call(previewRoute as AnyHandler, `/api/admin/packs/${packId}/openText${query}`, { packId });
const open = async (packId: string, openText?: unknown) =>
  call(statusRoute as AnyHandler, `/api/admin/packs/${packId}/status`, {
    packId,
    body: { status: "open", ...(openText ? { openText } : {}) },
  });

describe("opening a pack: the pack-open text under the admin's control", () => {
  it("previews the exact text subscribers will get and how many players, without the opted-out fan", async () => {
    const { pack } = await draftPackWithFans({ fans: 2 });
    const { status, body } = await preview(pack.id);
    expect(status).toBe(200);
    const shown = body.preview as Record<string, unknown>;
    expect(shown).toMatchObject({ when: "now", alreadySent: false, allClosed: false, recipients: 2, maxLength: 300 });
    expect(shown.message).toMatch(
      /^Away\d+ at Home\d+ is open; 1h 59m left to make your takes$|^Away\d+ at Home\d+ is open; 2h 0m left to make your takes$/,
    );
    expect(shown.link).toMatch(new RegExp(`/packs/${pack.packUrl}$`));
    expect(shown.text).toBe(`${shown.message} ${shown.link}`);
    // Nothing was texted by looking.
    expect(await openTexts(pack.id)).toHaveLength(0);
  });

  it("sends the edited text, with the pack's link added, to each subscriber exactly as the SMS transport receives it, and audits it", async () => {
    const { pack, fans, optedOut } = await draftPackWithFans({ fans: 2 });
    const { body: previewBody } = await preview(pack.id);
    const link = (previewBody.preview as { link: string }).link;
    const { status, body } = await open(pack.id, { send: true, message: "  First pitch at 7: make your takes now!  " });
    expect(status).toBe(200);
    expect(body).toMatchObject({ textsQueued: 2, textsSkipped: null, pack: { status: "open" } });
    await deliverQueuedTexts({ limit: 100 });
    for (const fan of fans) {
      expect(textsIn(smsLog, fan.phone).map((t) => t.body)).toEqual([`First pitch at 7: make your takes now! ${link}`]);
    }
    expect(textsIn(smsLog, optedOut.phone)).toEqual([]);
    const db = await getDb();
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "pack.open_text"), eq(adminAuditLog.entityId, pack.id)));
    expect(audit!.after).toMatchObject({
      choice: "send text",
      edited: true,
      text: `First pitch at 7: make your takes now! ${link}`,
      textsQueued: 2,
    });
    // The periodic task and a second opening find it announced: nobody is texted again.
    await queuePackOpenTexts();
    await db.update(packs).set({ status: "coming-soon" }).where(eq(packs.id, pack.id));
    expect((await open(pack.id)).body).toMatchObject({
      textsQueued: 0,
      textsSkipped: "subscribers were already texted when it first opened",
    });
    expect(await openTexts(pack.id)).toHaveLength(2);
  });

  it("opens without texting anyone when the admin chooses so, and the periodic task texts nobody afterwards", async () => {
    const { pack } = await draftPackWithFans({ fans: 2 });
    const { status, body } = await open(pack.id, { send: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({ textsQueued: 0, textsSkipped: "opened without texting", pack: { status: "open" } });
    await queuePackOpenTexts({ now: new Date(Date.now() + 1000) });
    expect(await openTexts(pack.id)).toHaveLength(0);
  });

  it("opens a pack whose every prop is closed with a warning and no text, before and after", async () => {
    const { pack } = await draftPackWithFans({ fans: 2, openProps: 0 });
    expect((await preview(pack.id)).body.preview).toMatchObject({ allClosed: true, recipients: 2 });
    const { status, body } = await open(pack.id, { send: true, message: "Come play!" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ textsQueued: 0, textsSkipped: "every prop is closed", pack: { status: "open" } });
    await queuePackOpenTexts({ now: new Date(Date.now() + 1000) });
    expect(await openTexts(pack.id)).toHaveLength(0);
  });

  it("texts the default wording when the pack form's save opens the pack without a choice", async () => {
    const { pack, fans } = await draftPackWithFans({ fans: 1 });
    const { status, body } = await call(patchPack as AnyHandler, `/api/admin/packs/${pack.id}`, {
      packId: pack.id,
      method: "PATCH",
      body: { status: "open" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ textsQueued: 1, textsSkipped: null });
    const [text] = await openTexts(pack.id);
    expect(text).toMatchObject({ profileId: fans[0]!.id, status: "pending" });
    expect(text!.body).toMatch(/ is open; (1h 59m|2h 0m) left to make your takes http.*\/packs\//);
  });

  it("leaves a scheduled opening to its open time, and refuses an edited text for it", async () => {
    const { pack } = await draftPackWithFans({ fans: 1, openTime: new Date(Date.now() + HOUR) });
    expect((await preview(pack.id)).body.preview).toMatchObject({ when: "later" });
    const edited = await open(pack.id, { send: true, message: "Soon!" });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toMatch(/edited text goes out only when the pack opens now/);
    const { body } = await open(pack.id, { send: true });
    expect(body).toMatchObject({ textsQueued: 0, textsSkipped: null, textsScheduledFor: expect.any(String) });
    expect(await openTexts(pack.id)).toHaveLength(0);
  });

  it("refuses a text over 300 characters or an empty one, and leaves the pack as it was", async () => {
    const { pack } = await draftPackWithFans({ fans: 1 });
    for (const message of ["x".repeat(301), "   "]) {
      const { status, body } = await open(pack.id, { send: true, message });
      expect(status).toBe(400);
      expect(body.success).toBe(false);
    }
    const [row] = await (await getDb()).select({ status: packs.status }).from(packs).where(eq(packs.id, pack.id));
    expect(row!.status).toBe("draft");
  });

  it("refuses players: the preview and the resend are for admins", async () => {
    const { pack } = await draftPackWithFans({ fans: 1 });
    const player = await createProfile();
    expect((await call(previewRoute as AnyHandler, `/api/admin/packs/${pack.id}/openText`, { packId: pack.id, as: player })).status).toBe(
      403,
    );
    expect(
      (await call(resendRoute as AnyHandler, `/api/admin/packs/${pack.id}/resultsTexts`, { packId: pack.id, as: player, body: {} })).status,
    ).toBe(403);
  });

  it.runIf(testDbKind() === "postgres")(
    "texts each subscriber once when the admin opens a pack while the periodic task announces it",
    async () => {
      const { pack, fans } = await draftPackWithFans({ fans: 3 });
      const db = await getDb();
      // Due for the task already: coming soon with its open time passed.
      await db
        .update(packs)
        .set({ status: "coming-soon", openTime: new Date(Date.now() - 60_000) })
        .where(eq(packs.id, pack.id));
      await Promise.all([open(pack.id, { send: true, message: "Edited" }), queuePackOpenTexts(), queuePackOpenTexts()]);
      const texts = await openTexts(pack.id);
      expect(texts.map((t) => t.profileId).sort()).toEqual(fans.map((f) => f.id).sort());
    },
  );
});

// Publishing a super prop goes through the same send-or-skip preview as every other opening
// (issue 41 item 7, docs/decisions/065-status-follows-the-clock.md).
describe("publishing a super prop: the same pack-open text preview", () => {
  /** A super prop on a new game two hours ahead, with two fans of its home team (and an opted-out one). */
  async function superPropWithFans() {
    const home = await insertTeam({ slug: `shome${++teamCount}x`, name: `SHome${teamCount}` });
    const away = await insertTeam({ slug: `saway${teamCount}x`, name: `SAway${teamCount}` });
    const db = await getDb();
    const [event] = await db
      .insert(events)
      .values({
        league: "nfl",
        title: `${away.name} at ${home.name}`,
        startTime: new Date(Date.now() + 2 * HOUR),
        homeTeamId: home.id,
        awayTeamId: away.id,
      })
      .returning();
    const fans: TestProfile[] = [];
    for (let i = 0; i < 3; i++) {
      const fan = await createProfile();
      await db.insert(subscriptions).values({ profileId: fan.id, scopeKey: `team:${home.id}`, teamId: home.id });
      fans.push(fan);
    }
    await db.update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, fans.pop()!.id));
    const packUrl = `super-${teamCount}`;
    const body = {
      packTitle: `Super ${teamCount}`,
      packUrl,
      eventId: event!.id,
      shortLabel: "Who wins?",
      sideAShort: "A",
      sideBShort: "B",
      sideATake: "A wins",
      sideBTake: "B wins",
    };
    return { body, packUrl, fans };
  }
  const previewSuper = (body: unknown) => call(superPreviewRoute as AnyHandler, "/api/admin/props/super/openText", { packId: "", body });
  const publish = (body: unknown) => call(superPropRoute as AnyHandler, "/api/admin/props/super", { packId: "", body });
  const packByUrl = async (packUrl: string) => (await getDb()).select().from(packs).where(eq(packs.packUrl, packUrl));

  it("previews the text the fans would get and how many, creating and texting nothing", async () => {
    const { body, packUrl } = await superPropWithFans();
    const { status, body: answer } = await previewSuper(body);
    expect(status).toBe(200);
    const shown = answer.preview as { message: string; link: string; text: string };
    expect(shown).toMatchObject({ when: "now", alreadySent: false, allClosed: false, recipients: 2, maxLength: 300 });
    expect(shown.message).toMatch(/^Super \d+ is open; (1h 59m|2h 0m) left to make your takes$/);
    expect(shown.link).toMatch(new RegExp(`/packs/${packUrl}$`));
    expect(shown.text).toBe(`${shown.message} ${shown.link}`);
    expect(await packByUrl(packUrl)).toEqual([]);
    const texts = await (await getDb()).select().from(smsOutbox).where(like(smsOutbox.dedupeKey, "pack_open:%"));
    expect(texts.filter((t) => t.body.includes(`/packs/${packUrl}`))).toEqual([]);
  });

  it("publishes without texting anyone when the admin skips, and the periodic task texts nobody afterwards", async () => {
    const { body, packUrl } = await superPropWithFans();
    const { status, body: answer } = await publish({ ...body, openText: { send: false } });
    expect(status).toBe(201);
    expect(answer).toMatchObject({ success: true, packUrl, textsQueued: 0, textsSkipped: "opened without texting" });
    await queuePackOpenTexts({ now: new Date(Date.now() + 1000) });
    expect(await openTexts(answer.packId as string)).toHaveLength(0);
    const [audit] = await (
      await getDb()
    )
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "pack.open_text"), eq(adminAuditLog.entityId, answer.packId as string)));
    expect(audit!.after).toMatchObject({ choice: "open without texting", textsQueued: 0 });
  });

  it("sends exactly the previewed text once to each fan, even when the publish is submitted twice", async () => {
    const { body, packUrl, fans } = await superPropWithFans();
    const shown = (await previewSuper(body)).body.preview as { message: string; text: string };
    const openText = { send: true, message: shown.message };
    const answers = await Promise.all([publish({ ...body, openText }), publish({ ...body, openText })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const [pack] = await packByUrl(packUrl);
    await queuePackOpenTexts({ now: new Date(Date.now() + 1000) });
    const texts = await openTexts(pack!.id);
    expect(texts.map((t) => t.profileId).sort()).toEqual(fans.map((f) => f.id).sort());
    expect(texts.map((t) => t.body)).toEqual([shown.text, shown.text]);
  });

  it("refuses a preview for a URL already taken or a game that has started, as the publish would", async () => {
    const { body } = await superPropWithFans();
    expect((await publish({ ...body, openText: { send: false } })).status).toBe(201);
    expect(await previewSuper(body)).toMatchObject({ status: 409, body: { success: false } });
    const late = await previewSuper({ ...body, packUrl: `${body.packUrl}-late`, closeTime: "2020-01-01T00:00:00.000Z" });
    expect(late).toMatchObject({ status: 400, body: { error: "This game has started: set a close time in the future." } });
  });
});

describe("resend results texts", () => {
  /** A graded pack with four participants: one texted, one whose text failed, one whose text failed but was in fact delivered, one never queued. */
  async function gradedPackWithTextStates() {
    const pack = await createPack({ props: [{}], status: "graded" });
    const players = {
      texted: await createProfile(),
      failed: await createProfile(),
      deliveredButFailed: await createProfile(),
      late: await createProfile(),
      optedOut: await createProfile(),
    };
    for (const player of [players.texted, players.failed, players.deliveredButFailed, players.optedOut])
      await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    const db = await getDb();
    await db.update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, players.optedOut.id));
    expect((await queuePackGradedTexts({ packId: pack.id })).queued).toBe(3);
    const key = (p: TestProfile) => `pack_graded:${pack.id}:${p.id}`;
    // The failed one never went out; the other was handed over but its answer was lost until retries ran out.
    await db
      .update(smsOutbox)
      .set({ status: "failed", attempts: 5, lastError: "refused" })
      .where(eq(smsOutbox.dedupeKey, key(players.failed)));
    await deliverQueuedTexts({ limit: 100 });
    await db
      .update(smsOutbox)
      .set({ status: "failed", attempts: 5, lastError: "no answer" })
      .where(eq(smsOutbox.dedupeKey, key(players.deliveredButFailed)));
    // A take counted after the grading's texts were queued.
    await submitTakes({ profile: players.late, pack, picks: [{ propIndex: 0, side: "B" }] });
    return { pack, players };
  }
  const resultsTo = (p: TestProfile) => textsIn(smsLog, p.phone).filter((t) => t.body.includes("results are in"));

  it("counts who was not texted, resends only to them, nobody gets the results twice, and a second resend queues nothing", async () => {
    const { pack, players } = await gradedPackWithTextStates();
    const url = `/api/admin/packs/${pack.id}/resultsTexts`;
    const before = await call(resultsSummaryRoute as AnyHandler, url, { packId: pack.id });
    expect(before.body.summary).toMatchObject({
      packStatus: "graded",
      participants: 5,
      sent: 1,
      failed: 2,
      neverQueued: 1,
      optedOut: 1,
      unsent: 3,
    });

    const first = await call(resendRoute as AnyHandler, url, { packId: pack.id, body: {} });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ queued: 3, summary: { unsent: 0, waiting: 3, sent: 1 } });
    const second = await call(resendRoute as AnyHandler, url, { packId: pack.id, body: {} });
    expect(second.body).toMatchObject({ queued: 0 });

    await deliverQueuedTexts({ limit: 100 });
    for (const player of [players.texted, players.failed, players.deliveredButFailed, players.late]) {
      expect(resultsTo(player), player.handle).toHaveLength(1);
    }
    expect(resultsTo(players.optedOut)).toHaveLength(0);
    const after = await call(resultsSummaryRoute as AnyHandler, url, { packId: pack.id });
    expect(after.body.summary).toMatchObject({ sent: 4, failed: 0, neverQueued: 0, unsent: 0 });
    const [audit] = await (
      await getDb()
    )
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "pack.resend_results"), eq(adminAuditLog.entityId, pack.id)));
    expect(audit!.after).toMatchObject({ failedResent: 2, neverQueuedQueued: 1, textsQueued: 3 });
  });

  it("refuses to resend the results of a pack that is not graded", async () => {
    const pack = await createPack({ props: [{}], status: "live" });
    const { status, body } = await call(resendRoute as AnyHandler, `/api/admin/packs/${pack.id}/resultsTexts`, {
      packId: pack.id,
      body: {},
    });
    expect(status).toBe(409);
    expect(body.error).toBe("Only a graded pack's results can be texted.");
  });

  it.runIf(testDbKind() === "postgres")("queues each missing text once when two admins resend at the same moment", async () => {
    const { pack } = await gradedPackWithTextStates();
    const url = `/api/admin/packs/${pack.id}/resultsTexts`;
    const answers = await Promise.all([1, 2, 3].map(() => call(resendRoute as AnyHandler, url, { packId: pack.id, body: {} })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + Number(a.body.queued), 0)).toBe(3);
  });
});
