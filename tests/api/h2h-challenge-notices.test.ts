// Issue 23 item 4: the challenged player is told, by text (through the SMS
// outbox, with its opt-out rules) and by the feed's notice, which reads
// GET /api/h2h/pending.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { POST as createRoute } from "@/app/api/h2h/route";
import { POST as respondRoute } from "@/app/api/h2h/[challengeId]/respond/route";
import { GET as pendingRoute } from "@/app/api/h2h/pending/route";
import { PUT as settingsRoute } from "@/app/api/notifications/settings/route";
import { getDb } from "@/server/db/client";
import { packs, smsOutbox } from "@/server/db/schema";
import { handleInboundSms } from "@/server/subscriptions/handle-inbound-sms";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createPack } from "./contests-fixtures";

const HOUR = 3_600_000;
let ann: TestProfile;
let ben: TestProfile;
let cal: TestProfile;
let dee: TestProfile;
let openPack: Awaited<ReturnType<typeof createPack>>;

beforeAll(async () => {
  await createTestDb();
  ann = await createProfile({ handle: "ann_notice" });
  ben = await createProfile({ handle: "ben_notice" });
  cal = await createProfile({ handle: "cal_notice" });
  dee = await createProfile({ handle: "dee_notice" });
  openPack = await createPack({
    packUrl: "notice-open",
    title: "Sunday Slate",
    status: "open",
    closeTime: new Date(Date.now() + 24 * HOUR),
  });
});
afterAll(closeTestDb);

async function challenge(as: TestProfile, opponent: string, packURL = openPack.packUrl): Promise<string> {
  const response = await createRoute(await apiRequest("/api/h2h", { as, body: { packURL, opponent } }), routeParams({}));
  const body = (await response.json()) as { challengeId?: string; error?: string };
  expect(response.status, body.error).toBe(201);
  return body.challengeId!;
}

async function textsOf(challengeId: string) {
  return (await getDb())
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.dedupeKey, `h2h_challenge:${challengeId}`));
}

async function pendingFor(as: TestProfile | undefined) {
  const response = await pendingRoute(await apiRequest("/api/h2h/pending", { as }), routeParams({}));
  return { status: response.status, body: (await response.json()) as { challenges?: Array<Record<string, unknown>>; error?: string } };
}

describe("the challenged player is told", () => {
  it("creating a challenge queues exactly one text, to the opponent, with who, the pack and the link to answer", async () => {
    const challengeId = await challenge(ann, "ben_notice");
    const texts = await (await getDb()).select().from(smsOutbox).where(like(smsOutbox.dedupeKey, "h2h_challenge:%"));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ toPhone: ben.phone, profileId: ben.id, kind: "h2h_challenge", status: "pending" });
    expect(texts[0]!.body).toContain("@ann_notice challenged you to a head-to-head on Sunday Slate");
    expect(texts[0]!.body).toMatch(new RegExp(`https?://[^ ]+/h2h/${challengeId}$`));
  });

  it("a player who paused all texts gets none, and the challenge is still made", async () => {
    const paused = await settingsRoute(
      await apiRequest("/api/notifications/settings", { as: cal, method: "PUT", body: { smsOptOut: true } }),
      routeParams({}),
    );
    expect(paused.status).toBe(200);
    const challengeId = await challenge(ann, "cal_notice");
    const texts = await textsOf(challengeId);
    // The outbox records the skip (as for every text kind), but nothing is pending delivery.
    expect(texts.filter((text) => text.status !== "skipped")).toEqual([]);
    expect((await pendingFor(cal)).body.challenges?.map((c) => c.id)).toEqual([challengeId]);
  });

  it("a player who replied STOP gets none", async () => {
    await handleInboundSms({ from: dee.phone, body: "STOP", messageSid: "SM-notice-stop" });
    const challengeId = await challenge(ben, "dee_notice");
    expect((await textsOf(challengeId)).filter((text) => text.status !== "skipped")).toEqual([]);
  });

  it("a challenge that fails (the same pair again) texts nobody", async () => {
    const before = await (await getDb()).select().from(smsOutbox).where(like(smsOutbox.dedupeKey, "h2h_challenge:%"));
    const again = await createRoute(
      await apiRequest("/api/h2h", { as: ben, body: { packURL: openPack.packUrl, opponent: "ann_notice" } }),
      routeParams({}),
    );
    expect(again.status).toBe(409);
    const after = await (await getDb()).select().from(smsOutbox).where(like(smsOutbox.dedupeKey, "h2h_challenge:%"));
    expect(after).toHaveLength(before.length);
  });

  it("the opponent's pending challenges list it, with who challenged them and on which pack", async () => {
    const { status, body } = await pendingFor(ben);
    expect(status).toBe(200);
    expect(body.challenges).toEqual([
      {
        id: expect.any(String),
        challengerHandle: "ann_notice",
        packURL: "notice-open",
        packTitle: "Sunday Slate",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("nobody else's: not the challenger's, not a third player's, and visitors are refused", async () => {
    expect((await pendingFor(ann)).body.challenges).toEqual([]);
    const stranger = await createProfile();
    expect((await pendingFor(stranger)).body.challenges).toEqual([]);
    expect((await pendingFor(undefined)).status).toBe(401);
  });

  it("an answered challenge, or one whose pack has closed, is no longer pending", async () => {
    const [waiting] = (await pendingFor(ben)).body.challenges!;
    const answered = await respondRoute(
      await apiRequest(`/api/h2h/${waiting!.id}/respond`, { as: ben, body: { accept: true } }),
      routeParams({ challengeId: String(waiting!.id) }),
    );
    expect(answered.status).toBe(200);
    expect((await pendingFor(ben)).body.challenges).toEqual([]);

    const closing = await createPack({ status: "open", closeTime: new Date(Date.now() + HOUR) });
    await challenge(ann, "ben_notice", closing.packUrl);
    expect((await pendingFor(ben)).body.challenges).toHaveLength(1);
    await (
      await getDb()
    )
      .update(packs)
      .set({ closeTime: new Date(Date.now() - 1000) })
      .where(eq(packs.id, closing.id));
    expect((await pendingFor(ben)).body.challenges).toEqual([]);
  });
});
