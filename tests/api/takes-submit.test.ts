import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { getDb, queryRows } from "@/server/db/client";
import { props, takes } from "@/server/db/schema";
import { submitTakes } from "@/server/takes/submit-takes";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, expectNoPhoneIn } from "../helpers/packs";

beforeAll(createTestDb);
afterAll(closeTestDb);

async function post(packURL: string, body: unknown, as?: TestProfile) {
  const response = await submitRoute(await apiRequest(`/api/packs/${packURL}/takes`, { body, as }), routeParams({ packURL }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function takeRows(profileId: string, packId: string) {
  const db = await getDb();
  return db
    .select()
    .from(takes)
    .where(and(eq(takes.profileId, profileId), eq(takes.packId, packId)))
    .orderBy(takes.createdAt);
}

describe("submitting all takes of a pack", () => {
  it("stores every pick under one receipt and answers with its id", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 3 });
    const picks = pack.props.map((p, i) => ({ propId: p.id, side: i === 1 ? "B" : "A" }));
    const { status, body } = await post(pack.packURL, { takes: picks, idempotencyKey: randomUUID() }, player);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(String(body.receiptId)).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(body.takes).toHaveLength(3);
    expectNoPhoneIn(body, [player.phone]);
    const rows = await takeRows(player.id, pack.id);
    const byProp = pack.props.map((p) => rows.find((r) => r.propId === p.id));
    expect(byProp.map((r) => [r?.side, r?.isCurrent, r?.receiptId])).toEqual([
      ["A", true, body.receiptId],
      ["B", true, body.receiptId],
      ["A", true, body.receiptId],
    ]);
  });

  it("asks a visitor to log in and stores nothing", async () => {
    const pack = await createTestPack({ props: 1 });
    const { status, body } = await post(pack.packURL, { takes: [{ propId: pack.props[0]!.id, side: "A" }], idempotencyKey: randomUUID() });
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, error: "Please log in to continue." });
  });

  it("refuses an idempotency key with control or non-ASCII characters and stores nothing", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 1 });
    for (const idempotencyKey of ["clé-à-usage-unique", "abc def ghi"]) {
      const { status, body } = await post(pack.packURL, { takes: [{ propId: pack.props[0]!.id, side: "A" }], idempotencyKey }, player);
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: "Invalid idempotency key" });
    }
    // A null byte is refused at the request edge, before the schema (docs/decisions/017-request-edge.md).
    const nul = await post(
      pack.packURL,
      { takes: [{ propId: pack.props[0]!.id, side: "A" }], idempotencyKey: "abcdefgh\u0000'; drop table takes; --" },
      player,
    );
    expect(nul).toEqual({ status: 400, body: { success: false, error: "The request body contains a null character or invalid Unicode." } });
    expect(await takeRows(player.id, pack.id)).toEqual([]);
  });

  it("returns the same receipt when a submission is retried with its key", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 2 });
    const request = { takes: pack.props.map((p) => ({ propId: p.id, side: "A" })), idempotencyKey: randomUUID() };
    const first = await post(pack.packURL, request, player);
    const retry = await post(pack.packURL, request, player);
    expect(retry.body.receiptId).toBe(first.body.receiptId);
    expect(await takeRows(player.id, pack.id)).toHaveLength(2);
  });

  it("stores nothing new when the picks equal the saved ones", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 2 });
    const picks = pack.props.map((p) => ({ propId: p.id, side: "B" }));
    const first = await post(pack.packURL, { takes: picks, idempotencyKey: randomUUID() }, player);
    const again = await post(pack.packURL, { takes: picks, idempotencyKey: randomUUID() }, player);
    expect(again.status).toBe(200);
    expect(again.body.receiptId).toBe(first.body.receiptId);
    expect(again.body.stored).toBe(false);
    expect(await takeRows(player.id, pack.id)).toHaveLength(2);
  });

  it("keeps a switched pick's old take as history and makes the new one current", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 3 });
    const [p1, p2, p3] = pack.props;
    const t0 = new Date();
    await submitTakes({
      profileId: player.id,
      packURL: pack.packURL,
      takes: [
        { propId: p1!.id, side: "A" },
        { propId: p2!.id, side: "A" },
        { propId: p3!.id, side: "A" },
      ],
      idempotencyKey: randomUUID(),
      now: t0,
    });
    const t1 = new Date(t0.getTime() + 60_000);
    const second = await submitTakes({
      profileId: player.id,
      packURL: pack.packURL,
      takes: [
        { propId: p1!.id, side: "A" },
        { propId: p2!.id, side: "B" },
        { propId: p3!.id, side: "A" },
      ],
      idempotencyKey: randomUUID(),
      now: t1,
    });
    expect(second.stored).toBe(true);
    // The receipt stands for the whole ticket as it was right after submitting.
    expect(second.takes.map((t) => t.propSide)).toEqual(["A", "B", "A"]);
    const rows = await takeRows(player.id, pack.id);
    expect(rows).toHaveLength(4);
    const onP2 = rows.filter((r) => r.propId === p2!.id);
    expect(onP2.map((r) => [r.side, r.isCurrent, r.overwrittenAt?.toISOString() ?? null])).toEqual([
      ["A", false, t1.toISOString()],
      ["B", true, null],
    ]);
  });

  it("answers with the whole ticket in prop order, picks made earlier and left unchanged included", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 4 });
    const [p1, p2, p3, p4] = pack.props;
    const first = await submitTakes({
      profileId: player.id,
      packURL: pack.packURL,
      takes: [
        { propId: p1!.id, side: "A" },
        { propId: p3!.id, side: "B" },
      ],
      idempotencyKey: randomUUID(),
    });
    // p1 changes, p2 is new, p3 is not sent, p4 stays unpicked.
    const second = await submitTakes({
      profileId: player.id,
      packURL: pack.packURL,
      takes: [
        { propId: p2!.id, side: "A" },
        { propId: p1!.id, side: "B" },
      ],
      idempotencyKey: randomUUID(),
    });
    expect(second.stored).toBe(true);
    const db = await getDb();
    const values = await db.select({ id: props.id, A: props.sideAValue, B: props.sideBValue }).from(props).where(eq(props.packId, pack.id));
    const [v1, v2, v3] = [p1!, p2!, p3!].map((p) => values.find((v) => v.id === p.id));
    expect(second.takes).toEqual([
      { propID: p1!.id, propSide: "B", lockedValue: v1!.B, receiptId: second.receiptId },
      { propID: p2!.id, propSide: "A", lockedValue: v2!.A, receiptId: second.receiptId },
      { propID: p3!.id, propSide: "B", lockedValue: v3!.B, receiptId: first.receiptId },
    ]);
    expect(second.takes.some((t) => t.propID === p4!.id)).toBe(false);
  });

  it("refuses the whole submission when one prop is closed, naming it", async () => {
    const player = await createProfile();
    const pack = await createTestPack({
      props: [{ shortLabel: "Coin toss" }, { shortLabel: "First score", status: "closed" }, { shortLabel: "MVP" }],
    });
    const picks = pack.props.map((p) => ({ propId: p.id, side: "A" }));
    const { status, body } = await post(pack.packURL, { takes: picks, idempotencyKey: randomUUID() }, player);
    expect(status).toBe(409);
    expect(body.error).toBe(
      "Nothing was saved. These props are now closed: First score. Their picks were removed — submit again to save the rest.",
    );
    expect(body.closedPropIds).toEqual([pack.props[1]!.id]);
    expect(await takeRows(player.id, pack.id)).toHaveLength(0);
    const db = await getDb();
    const [receipts] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from receipts where profile_id = ${player.id}`);
    expect(Number(receipts!.n)).toBe(0);
  });

  it("refuses a prop whose own close time has passed while the pack is still open", async () => {
    const player = await createProfile();
    const kickoff = new Date("2030-01-01T18:00:00Z");
    const pack = await createTestPack({
      openTime: new Date("2029-12-31T00:00:00Z"),
      closeTime: new Date("2030-01-02T00:00:00Z"),
      props: [{ shortLabel: "Early game", closeTime: kickoff }, { shortLabel: "Late game" }],
    });
    const picks = pack.props.map((p) => ({ propId: p.id, side: "A" as const }));
    const before = new Date(kickoff.getTime() - 1);
    await expect(
      submitTakes({ profileId: player.id, packURL: pack.packURL, takes: picks, idempotencyKey: randomUUID(), now: kickoff }),
    ).rejects.toMatchObject({ status: 409, userMessage: expect.stringContaining("now closed: Early game.") });
    const ok = await submitTakes({ profileId: player.id, packURL: pack.packURL, takes: picks, idempotencyKey: randomUUID(), now: before });
    expect(ok.takes).toHaveLength(2);
  });

  it("refuses takes once the pack is past its close time (clock injected)", async () => {
    const player = await createProfile();
    const closeTime = new Date("2030-03-01T17:00:00Z");
    const pack = await createTestPack({ openTime: new Date("2030-02-28T00:00:00Z"), closeTime, props: 2 });
    const picks = pack.props.map((p) => ({ propId: p.id, side: "B" as const }));
    await expect(
      submitTakes({ profileId: player.id, packURL: pack.packURL, takes: picks, idempotencyKey: randomUUID(), now: closeTime }),
    ).rejects.toMatchObject({ status: 409, userMessage: "Pack is closed." });
    expect(await takeRows(player.id, pack.id)).toHaveLength(0);
    const justBefore = new Date(closeTime.getTime() - 1_000);
    const result = await submitTakes({
      profileId: player.id,
      packURL: pack.packURL,
      takes: picks,
      idempotencyKey: randomUUID(),
      now: justBefore,
    });
    expect(result.stored).toBe(true);
  });

  it("refuses takes before a coming-soon pack opens", async () => {
    const player = await createProfile();
    const openTime = new Date("2030-05-01T12:00:00Z");
    const pack = await createTestPack({ status: "coming-soon", openTime, closeTime: new Date("2030-05-02T00:00:00Z"), props: 1 });
    const picks = [{ propId: pack.props[0]!.id, side: "A" as const }];
    await expect(
      submitTakes({
        profileId: player.id,
        packURL: pack.packURL,
        takes: picks,
        idempotencyKey: randomUUID(),
        now: new Date(openTime.getTime() - 1),
      }),
    ).rejects.toMatchObject({ status: 409, userMessage: "This pack is not open yet." });
    const opened = await submitTakes({
      profileId: player.id,
      packURL: pack.packURL,
      takes: picks,
      idempotencyKey: randomUUID(),
      now: openTime,
    });
    expect(opened.stored).toBe(true);
  });

  it("locks each take's point value: a later moneyline change does not touch it", async () => {
    const player = await createProfile();
    const later = await createProfile();
    const pack = await createTestPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -150 }] });
    const prop = pack.props[0]!;
    await post(pack.packURL, { takes: [{ propId: prop.id, side: "A" }], idempotencyKey: randomUUID() }, player);
    const db = await getDb();
    await db.update(props).set({ sideAMoneyline: -200, sideAValue: 125 }).where(eq(props.id, prop.id));
    await post(pack.packURL, { takes: [{ propId: prop.id, side: "A" }], idempotencyKey: randomUUID() }, later);
    const [mine] = await takeRows(player.id, pack.id);
    const [theirs] = await takeRows(later.id, pack.id);
    expect(mine!.lockedValue).toBe(375);
    expect(theirs!.lockedValue).toBe(125);
  });

  it.each([
    ["a draft pack", { status: "draft" as const }, 404, "Pack not found"],
    ["an archived pack", { status: "archived" as const }, 404, "Pack not found"],
    ["a graded pack", { status: "graded" as const }, 409, "Pack is closed."],
  ])("refuses %s", async (_name, options, status, error) => {
    const player = await createProfile();
    const pack = await createTestPack({ ...options, props: 1 });
    const result = await post(pack.packURL, { takes: [{ propId: pack.props[0]!.id, side: "A" }], idempotencyKey: randomUUID() }, player);
    expect(result).toMatchObject({ status, body: { success: false, error } });
  });

  it("refuses a prop of another pack and bad input with 400", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 1 });
    const other = await createTestPack({ props: 1 });
    const foreign = await post(pack.packURL, { takes: [{ propId: other.props[0]!.id, side: "A" }], idempotencyKey: randomUUID() }, player);
    expect(foreign).toMatchObject({ status: 400, body: { success: false, error: "Some picks are not props of this pack." } });
    const badSide = await post(pack.packURL, { takes: [{ propId: pack.props[0]!.id, side: "C" }], idempotencyKey: randomUUID() }, player);
    expect(badSide).toMatchObject({ status: 400, body: { success: false, error: "Side must be A or B" } });
    const empty = await post(pack.packURL, { takes: [], idempotencyKey: randomUUID() }, player);
    expect(empty).toMatchObject({ status: 400, body: { error: "Pick at least one side" } });
  });
});
