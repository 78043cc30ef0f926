import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { GET as resolveRoute } from "@/app/api/receipts/resolve/route";
import { POST as notifyRoute } from "@/app/api/notifyPackSubmitted/route";
import { getDb, queryRows } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { getReceipt } from "@/server/receipts/get-receipt";
import { submitTakes } from "@/server/takes/submit-takes";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, expectNoPhoneIn, type TestPack } from "../helpers/packs";

beforeAll(createTestDb);
afterAll(closeTestDb);

const HOUR = 3_600_000;
const phones: string[] = [];
async function player() {
  const p = await createProfile();
  phones.push(p.phone);
  return p;
}
async function json(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expectNoPhoneIn(body, phones);
  return { status: response.status, body };
}
const submit = (pack: TestPack, who: TestProfile, sides: Array<"A" | "B">, now = new Date()) =>
  submitTakes({
    profileId: who.id,
    packURL: pack.packURL,
    takes: sides.map((side, i) => ({ propId: pack.props[i]!.id, side })),
    idempotencyKey: randomUUID(),
    now,
  });

const resolve = async (query: string, as?: TestProfile) =>
  json(await resolveRoute(await apiRequest(`/api/receipts/resolve${query}`, { as }), routeParams({})));

describe("receipts", () => {
  it("show the owner's handle and the whole ticket as it stood after that submission", async () => {
    const owner = await player();
    const pack = await createTestPack({ props: 3 });
    const t0 = new Date(Date.now() - 10 * 60_000);
    const first = await submit(pack, owner, ["A", "A", "A"], t0);
    const second = await submit(pack, owner, ["A", "B", "A"], new Date(t0.getTime() + 60_000));
    const old = await getReceipt({ packURL: pack.packURL, receiptId: first.receiptId });
    const latest = await getReceipt({ packURL: pack.packURL, receiptId: second.receiptId });
    expect(old!.owner.handle).toBe(owner.handle);
    expect(old!.takes.map((t) => t.sideLabel)).toEqual(["Yes 1", "Yes 2", "Yes 3"]);
    expect(latest!.takes.map((t) => t.sideLabel)).toEqual(["Yes 1", "No 2", "Yes 3"]);
    expect(latest!.takes.every((t) => t.propStatus === "Open" && t.result === "pending")).toBe(true);
    expectNoPhoneIn(latest, [owner.phone]);
    expect(await getReceipt({ packURL: "some-other-pack", receiptId: second.receiptId })).toBeNull();
  });

  it("resolve to the owner's latest receipt; others may resolve it only after close", async () => {
    const owner = await player();
    const other = await player();
    const pack = await createTestPack({ props: 1 });
    const { receiptId } = await submit(pack, owner, ["A"]);
    expect(await resolve(`?packURL=${pack.packURL}&profileID=${owner.handle}`, owner)).toEqual({
      status: 200,
      body: { success: true, receiptId },
    });
    expect((await resolve(`?packURL=${pack.packURL}&profileID=${owner.handle}`, other)).status).toBe(403);

    const closeTime = new Date(Date.now() - HOUR);
    const closed = await createTestPack({ openTime: new Date(closeTime.getTime() - 4 * HOUR), closeTime, props: 1 });
    const late = await submit(closed, owner, ["B"], new Date(closeTime.getTime() - HOUR));
    expect(await resolve(`?packURL=${closed.packURL}&profileID=${owner.handle}`)).toEqual({
      status: 200,
      body: { success: true, receiptId: late.receiptId },
    });
  });

  it("answer 'Missing packURL or profileID' and 'Could not resolve receipt'", async () => {
    const someone = await player();
    const pack = await createTestPack({ props: 1 });
    expect(await resolve(`?packURL=${pack.packURL}`)).toEqual({
      status: 400,
      body: { success: false, error: "Missing packURL or profileID" },
    });
    expect(await resolve(`?profileID=${someone.handle}`)).toEqual({
      status: 400,
      body: { success: false, error: "Missing packURL or profileID" },
    });
    expect(await resolve(`?packURL=${pack.packURL}&profileID=${someone.handle}`, someone)).toEqual({
      status: 404,
      body: { success: false, error: "Could not resolve receipt" },
    });
  });
});

describe("POST /api/notifyPackSubmitted", () => {
  const notify = async (body: unknown, as?: TestProfile) =>
    json(await notifyRoute(await apiRequest("/api/notifyPackSubmitted", { body, as }), routeParams({})));
  const outbox = async (profileId: string) =>
    // Only texts that will be sent: an outbox may also record skipped ones.
    queryRows<{ to_phone: string; body: string; dedupe_key: string }>(
      await getDb(),
      sql`select to_phone, body, dedupe_key from sms_outbox where profile_id = ${profileId} and status <> 'skipped'`,
    );

  it("queues one text to the owner with their takes and the pack link, once per receipt", async () => {
    const owner = await player();
    const pack = await createTestPack({ props: 2, title: "Sunday Slate" });
    const { receiptId } = await submit(pack, owner, ["A", "B"]);
    const request = { packURL: pack.packURL, packTitle: "Sunday Slate", receiptId };
    expect(await notify(request, owner)).toEqual({ status: 200, body: { success: true, queued: true } });
    expect(await notify(request, owner)).toEqual({ status: 200, body: { success: true, queued: false } });
    const texts = await outbox(owner.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to_phone).toBe(owner.phone);
    expect(texts[0]!.dedupe_key).toBe(`pack_submitted:${receiptId}`);
    expect(texts[0]!.body).toContain("Sunday Slate");
    expect(texts[0]!.body).toContain("• Side A of prop 1\n• Side B of prop 2");
    expect(texts[0]!.body).toContain(`/packs/${pack.packURL}?ref=${owner.handle}`);
  });

  it("texts nobody else: another player's receipt is refused, a visitor must log in", async () => {
    const owner = await player();
    const stranger = await player();
    const pack = await createTestPack({ props: 1 });
    const { receiptId } = await submit(pack, owner, ["A"]);
    expect((await notify({ packURL: pack.packURL, receiptId }, stranger)).status).toBe(403);
    expect((await notify({ packURL: pack.packURL, receiptId })).status).toBe(401);
    expect(await outbox(stranger.id)).toHaveLength(0);
    expect(await outbox(owner.id)).toHaveLength(0);
  });

  it("respects a player's opt-out of texts", async () => {
    const owner = await player();
    await (await getDb()).update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, owner.id));
    const pack = await createTestPack({ props: 1 });
    const { receiptId } = await submit(pack, owner, ["A"]);
    expect(await notify({ packURL: pack.packURL, receiptId }, owner)).toEqual({ status: 200, body: { success: true, queued: false } });
    expect(await outbox(owner.id)).toHaveLength(0);
  });
});
