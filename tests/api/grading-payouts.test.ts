import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, type TestProfile } from "../helpers/auth";
import { createPack, ledgerOf, submitTakes, takeRow } from "../helpers/grading-fixtures";

let admin: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

const balance = async (profile: TestProfile) => getBalanceCents(await getDb(), profile.id);

describe("payouts from the locked side value", () => {
  it.each([
    { case: "+150 won", moneyline: 150, outcome: "A" as const, points: 375, tokensCents: 1875 },
    { case: "−110 won", moneyline: -110, outcome: "A" as const, points: 227, tokensCents: 1135 },
    { case: "+150 lost", moneyline: 150, outcome: "B" as const, points: 0, tokensCents: 0 },
    { case: "push", moneyline: 150, outcome: "push" as const, points: 100, tokensCents: 500 },
    { case: "void", moneyline: 150, outcome: "void" as const, points: 0, tokensCents: 0 },
  ])("$case pays $points points and $tokensCents cents", async ({ moneyline, outcome, points, tokensCents }) => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: moneyline }] });
    const taken = await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });

    const result = await gradeProp({ propId: pack.props[0]!.id, outcome, actorProfileId: admin.id });

    expect(result).toMatchObject({ changed: true, takesUpdated: 1, payoutCents: tokensCents });
    const take = await takeRow(taken[pack.props[0]!.id]!);
    expect(take).toEqual({
      result: { A: "won", B: "lost", push: "push", void: "void" }[outcome],
      points,
      tokensCents,
    });
    expect(await balance(player)).toBe(tokensCents);
    const ledger = await ledgerOf(player.id);
    expect(ledger).toEqual(
      tokensCents
        ? [{ amount_cents: tokensCents, kind: "take_payout", business_key: `payout:${pack.props[0]!.id}:v1:${taken[pack.props[0]!.id]}` }]
        : [],
    );
  });

  it("pays a take the value locked when it was made, not the prop's current value", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await (await getDb()).update(props).set({ sideAMoneyline: -300, sideAValue: 83 }).where(eq(props.id, pack.props[0]!.id));

    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });

    expect(await balance(player)).toBe(1875);
  });
});

describe("re-grading and un-grading", () => {
  it("moves the payout from side A's takers to side B's when A is re-graded to B", async () => {
    const sideA = await createProfile();
    const sideB = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -110 }] });
    const propId = pack.props[0]!.id;
    const takeA = (await submitTakes({ profile: sideA, pack, picks: [{ propIndex: 0, side: "A" }] }))[propId]!;
    const takeB = (await submitTakes({ profile: sideB, pack, picks: [{ propIndex: 0, side: "B" }] }))[propId]!;

    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    const regrade = await gradeProp({ propId, outcome: "B", actorProfileId: admin.id });

    expect(regrade).toMatchObject({ changed: true, gradeVersion: 2, payoutCents: 1135, reversedCents: 1875 });
    expect(await balance(sideA)).toBe(0);
    expect(await balance(sideB)).toBe(1135);
    expect(await takeRow(takeA)).toEqual({ result: "lost", points: 0, tokensCents: 0 });
    expect(await takeRow(takeB)).toEqual({ result: "won", points: 227, tokensCents: 1135 });
    expect(await ledgerOf(sideA.id)).toEqual([
      { amount_cents: 1875, kind: "take_payout", business_key: `payout:${propId}:v1:${takeA}` },
      { amount_cents: -1875, kind: "take_payout_reversal", business_key: `reversal:${propId}:v2:${takeA}` },
    ]);
    expect(await ledgerOf(sideB.id)).toEqual([{ amount_cents: 1135, kind: "take_payout", business_key: `payout:${propId}:v2:${takeB}` }]);
  });

  it("un-grading returns takes to pending and the balance drops back exactly", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, {}] });
    const taken = await submitTakes({
      profile: player,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "B" },
      ],
    });
    await gradeProp({ propId: pack.props[1]!.id, outcome: "push", actorProfileId: admin.id });
    const before = await balance(player);
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    expect(await balance(player)).toBe(before + 1875);

    const ungrade = await gradeProp({ propId: pack.props[0]!.id, outcome: null, actorProfileId: admin.id });

    expect(ungrade).toMatchObject({ changed: true, status: "closed", reversedCents: 1875, payoutCents: 0 });
    expect(await balance(player)).toBe(before);
    expect(await takeRow(taken[pack.props[0]!.id]!)).toEqual({ result: "pending", points: 0, tokensCents: 0 });
    const [prop] = await (await getDb()).select().from(props).where(eq(props.id, pack.props[0]!.id));
    expect(prop).toMatchObject({ status: "closed", resultText: null, gradedAt: null });
  });

  it("grading the same outcome twice changes nothing the second time", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    const propId = pack.props[0]!.id;

    await gradeProp({ propId, outcome: "A", resultText: "NYY 5 - 3 BOS", actorProfileId: admin.id });
    const again = await gradeProp({ propId, outcome: "A", resultText: "NYY 5 - 3 BOS", actorProfileId: admin.id });

    expect(again).toMatchObject({ changed: false, gradeVersion: 1 });
    expect(await ledgerOf(player.id)).toHaveLength(1);
    expect(await balance(player)).toBe(1875);
  });

  it("the same grade sent twice at once pays once", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    const propId = pack.props[0]!.id;

    const results = await Promise.all(Array.from({ length: 5 }, () => gradeProp({ propId, outcome: "A", actorProfileId: admin.id })));

    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await balance(player)).toBe(1875);
  });

  it("changing only the result text keeps the grade and the ledger", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "B" }] });
    const propId = pack.props[0]!.id;
    await gradeProp({ propId, outcome: "B", resultText: "PHI 21 - 20 DAL", actorProfileId: admin.id });

    const edited = await gradeProp({ propId, outcome: "B", resultText: "PHI 24 - 20 DAL", actorProfileId: admin.id });

    expect(edited.changed).toBe(false);
    const [prop] = await (await getDb()).select().from(props).where(eq(props.id, propId));
    expect(prop).toMatchObject({ resultText: "PHI 24 - 20 DAL", gradeVersion: 1 });
    expect(await balance(player)).toBe(1250);
  });
});

describe("pack status follows its props", () => {
  it("a pack becomes graded with its last prop and returns to its clock status when one is un-graded", async () => {
    const pack = await createPack({ props: [{}, {}], status: "live" });
    const packRow = async () => (await (await getDb()).select().from(packs).where(eq(packs.id, pack.id)))[0]!;

    const first = await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    expect(first.packBecameGraded).toBe(false);
    expect((await packRow()).status).toBe("live");

    const last = await gradeProp({ propId: pack.props[1]!.id, outcome: "void", actorProfileId: admin.id });
    expect(last).toMatchObject({ packBecameGraded: true, packStatus: "graded" });
    expect((await packRow()).gradedAt).toBeInstanceOf(Date);

    const ungraded = await gradeProp({ propId: pack.props[1]!.id, outcome: null, actorProfileId: admin.id });
    expect(ungraded).toMatchObject({ packLeftGraded: true, packStatus: "live" });
    expect(await packRow()).toMatchObject({ status: "live", gradedAt: null });
  });

  it("a re-grade of a fully graded pack works its winners out again from the new results", async () => {
    const sideA = await createProfile();
    const sideB = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: sideA, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: sideB, pack, picks: [{ propIndex: 0, side: "B" }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    const db = await getDb();
    await db.update(packs).set({ winnerProfileId: sideA.id, winnerPoints: 250, winnersSetAt: new Date() }).where(eq(packs.id, pack.id));

    const regrade = await gradeProp({ propId: pack.props[0]!.id, outcome: "B", actorProfileId: admin.id });

    expect(regrade.winners).toEqual({
      action: "rerun",
      before: { handle: sideA.handle, points: 250 },
      after: { handle: sideB.handle, points: 250 },
    });
    const [row] = await db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ status: "graded", winnerProfileId: sideB.id, winnerPoints: 250, winnersSetAt: expect.any(Date) });
  });

  it("un-grading a prop of a pack with winners clears them until the pack is graded again", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    const db = await getDb();
    await db.update(packs).set({ winnerProfileId: player.id, winnerPoints: 250, winnersSetAt: new Date() }).where(eq(packs.id, pack.id));

    const ungraded = await gradeProp({ propId: pack.props[0]!.id, outcome: null, actorProfileId: admin.id });

    expect(ungraded.winners).toEqual({ action: "cleared", before: { handle: player.handle, points: 250 }, after: null });
    const [row] = await db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ status: "live", winnerProfileId: null, winnerPoints: null, winnersSetAt: null });
  });
});
