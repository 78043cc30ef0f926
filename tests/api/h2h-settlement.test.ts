import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { H2hTiePolicy } from "@/domain/h2h";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { h2hChallenges, props, takes, tokenLedger } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { settleH2hChallenges } from "@/server/h2h/settle-h2h-challenges";
import { PERIODIC_TASKS } from "@/server/jobs/tasks";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";
import { createPack as createGradablePack, submitTakes } from "../helpers/grading-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);
afterEach(() => {
  delete process.env.H2H_BONUS;
  delete process.env.H2H_TIE_POLICY;
  resetServerEnvCache();
});

type Score = "win" | "loss" | "tie";

/**
 * A graded pack with three props where the challenger and the challenged
 * end up ahead, behind or level (props won first, then points), and an
 * accepted challenge between them.
 */
async function acceptedChallenge(score: Score) {
  const challenger = await createProfile();
  const challenged = await createProfile();
  const pack = await createPack();
  const [p1, p2, p3] = [await createProp(pack), await createProp(pack), await createProp(pack)];
  // Both win p1; p2 and p3 decide.
  await addTake({ profile: challenger, prop: p1, result: "won", points: 250 });
  await addTake({ profile: challenged, prop: p1, result: "won", points: 250 });
  if (score === "win") {
    await addTake({ profile: challenger, prop: p2, result: "won", points: 167 });
    await addTake({ profile: challenged, prop: p2, result: "lost" });
    await addTake({ profile: challenger, prop: p3, result: "lost" });
    await addTake({ profile: challenged, prop: p3, result: "lost" });
  } else if (score === "loss") {
    // Equal props won; the challenged has more points.
    await addTake({ profile: challenger, prop: p2, result: "won", points: 167 });
    await addTake({ profile: challenged, prop: p2, result: "won", points: 375 });
  } else {
    await addTake({ profile: challenger, prop: p2, result: "push", points: 100 });
    await addTake({ profile: challenged, prop: p2, result: "push", points: 100 });
  }
  const db = await getDb();
  const [challenge] = await db
    .insert(h2hChallenges)
    .values({
      packId: pack.id,
      challengerProfileId: challenger.id,
      challengedProfileId: challenged.id,
      status: "accepted",
      acceptedAt: new Date(),
    })
    .returning();
  return { challenge: challenge!, challenger, challenged, pack, props: [p1!, p2!, p3!] };
}

async function ledgerOf(challengeId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(tokenLedger)
    .where(sql`${tokenLedger.businessKey} like ${`%${challengeId}%`}`)
    .orderBy(tokenLedger.id);
  return rows.map((row) => ({ profileId: row.profileId, amountCents: row.amountCents, businessKey: row.businessKey, kind: row.kind }));
}

async function challengeRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(h2hChallenges).where(eq(h2hChallenges.id, id));
  return row!;
}

describe("head-to-head settlement, table", () => {
  // [score, policy, bonus cents, challenger gets, challenged gets]
  const table: Array<[Score, H2hTiePolicy, number, number, number]> = [
    ["win", "split", 1001, 1001, 0],
    ["win", "both", 1001, 1001, 0],
    ["win", "none", 1001, 1001, 0],
    ["loss", "split", 1001, 0, 1001],
    ["loss", "both", 1001, 0, 1001],
    ["loss", "none", 1001, 0, 1001],
    ["tie", "split", 1001, 500, 500],
    ["tie", "both", 1001, 1001, 1001],
    ["tie", "none", 1001, 0, 0],
    ["win", "split", 0, 0, 0],
    ["loss", "split", 0, 0, 0],
    ["tie", "split", 0, 0, 0],
    ["tie", "both", 0, 0, 0],
    ["tie", "none", 0, 0, 0],
  ];
  for (const [score, tiePolicy, bonusCents, toChallenger, toChallenged] of table) {
    it(`${score}, ${tiePolicy}, bonus ${bonusCents}¢ → challenger ${toChallenger}¢, challenged ${toChallenged}¢`, async () => {
      const { challenge, challenger, challenged } = await acceptedChallenge(score);
      await settleH2hChallenges({ bonusCents, tiePolicy });
      const db = await getDb();
      expect(await getBalanceCents(db, challenger.id)).toBe(toChallenger);
      expect(await getBalanceCents(db, challenged.id)).toBe(toChallenged);
      const rows = await ledgerOf(challenge.id);
      // Zero amounts write no ledger rows at all.
      expect(rows.every((row) => row.amountCents > 0 && row.kind === "h2h_bonus")).toBe(true);
      expect(rows).toHaveLength([toChallenger, toChallenged].filter((cents) => cents > 0).length);
      for (const row of rows) expect(row.businessKey).toBe(`h2h:${challenge.id}:${row.profileId}:v1`);
      const settled = await challengeRow(challenge.id);
      expect(settled.status).toBe("settled");
      expect(settled.outcome).toBe(score === "win" ? "challenger" : score === "loss" ? "challenged" : "tie");
      expect(settled.winnerProfileId).toBe(score === "win" ? challenger.id : score === "loss" ? challenged.id : null);
    });
  }
});

describe("head-to-head settlement, runs and re-grades", () => {
  it("pays exactly once when the settlement job runs twice", async () => {
    const { challenge, challenger } = await acceptedChallenge("win");
    const first = await settleH2hChallenges({ bonusCents: 500, tiePolicy: "split" });
    const second = await settleH2hChallenges({ bonusCents: 500, tiePolicy: "split" });
    expect(first.settled).toBeGreaterThanOrEqual(1);
    expect(second.settled).toBe(0);
    expect(await ledgerOf(challenge.id)).toHaveLength(1);
    expect(await getBalanceCents(await getDb(), challenger.id)).toBe(500);
  });

  it.skipIf(testDbKind() !== "postgres")("pays exactly once when several workers settle at the same moment", async () => {
    const { challenge, challenger, challenged } = await acceptedChallenge("tie");
    await Promise.all(Array.from({ length: 6 }, () => settleH2hChallenges({ bonusCents: 800, tiePolicy: "both" })));
    expect(await ledgerOf(challenge.id)).toHaveLength(2);
    const db = await getDb();
    expect(await getBalanceCents(db, challenger.id)).toBe(800);
    expect(await getBalanceCents(db, challenged.id)).toBe(800);
  });

  it("reads the bonus and tie policy from H2H_BONUS and H2H_TIE_POLICY, default 0 and split", async () => {
    const zero = await acceptedChallenge("win");
    await settleH2hChallenges();
    expect(await ledgerOf(zero.challenge.id)).toEqual([]);
    expect((await challengeRow(zero.challenge.id)).status).toBe("settled");

    process.env.H2H_BONUS = "2.5";
    process.env.H2H_TIE_POLICY = "split";
    resetServerEnvCache();
    const { challenge, challenger, challenged } = await acceptedChallenge("tie");
    await settleH2hChallenges();
    const db = await getDb();
    expect(await getBalanceCents(db, challenger.id)).toBe(125);
    expect(await getBalanceCents(db, challenged.id)).toBe(125);
    expect(await ledgerOf(challenge.id)).toHaveLength(2);
  });

  it("is registered as a periodic task of the worker", () => {
    expect(PERIODIC_TASKS.map((task) => task.name)).toContain("settle-h2h-challenges");
  });

  it("settles again on re-grade: the old bonus is reversed by new rows and the new winner paid", async () => {
    const { challenge, challenger, challenged, props: packProps } = await acceptedChallenge("win");
    await settleH2hChallenges({ bonusCents: 1000, tiePolicy: "split" });
    const db = await getDb();
    const firstRows = await ledgerOf(challenge.id);
    expect(await getBalanceCents(db, challenger.id)).toBe(1000);

    // Re-grade p2 from A to B: the challenger's win becomes a loss and the challenged's loss a win.
    await db.update(props).set({ status: "gradedB" }).where(eq(props.id, packProps[1]!.id));
    await db
      .update(takes)
      .set({ result: "lost", points: 0, tokensCents: 0 })
      .where(sql`${takes.propId} = ${packProps[1]!.id} and ${takes.profileId} = ${challenger.id}`);
    await db
      .update(takes)
      .set({ result: "won", points: 250, tokensCents: 1250 })
      .where(sql`${takes.propId} = ${packProps[1]!.id} and ${takes.profileId} = ${challenged.id}`);

    const run = await settleH2hChallenges({ bonusCents: 1000, tiePolicy: "split" });
    expect(run.settled).toBe(1);
    expect(await getBalanceCents(db, challenger.id)).toBe(0);
    expect(await getBalanceCents(db, challenged.id)).toBe(1000);
    const rows = await ledgerOf(challenge.id);
    // Append-only: the first payout is still there, unchanged, followed by its reversal and the new payout.
    expect(rows.slice(0, firstRows.length)).toEqual(firstRows);
    expect(rows.slice(firstRows.length)).toEqual([
      { profileId: challenger.id, amountCents: -1000, businessKey: `h2h-reversal:${challenge.id}:${challenger.id}:v2`, kind: "h2h_bonus" },
      { profileId: challenged.id, amountCents: 1000, businessKey: `h2h:${challenge.id}:${challenged.id}:v2`, kind: "h2h_bonus" },
    ]);
    const settled = await challengeRow(challenge.id);
    expect(settled).toMatchObject({ outcome: "challenged", winnerProfileId: challenged.id, settlementVersion: 2 });

    // Running again after the re-grade changes nothing.
    expect((await settleH2hChallenges({ bonusCents: 1000, tiePolicy: "split" })).settled).toBe(0);
    expect(await ledgerOf(challenge.id)).toHaveLength(rows.length);
  });

  it("settles through the real grader once the last prop is graded, and again after an admin re-grades", async () => {
    const db = await getDb();
    const admin = await createProfile({ superAdmin: true });
    const [challenger, challenged] = [await createProfile(), await createProfile()];
    const pack = await createGradablePack({ props: [{}, {}] });
    await submitTakes({
      profile: challenger,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "A" },
      ],
    });
    await submitTakes({
      profile: challenged,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "B" },
      ],
    });
    const [challenge] = await db
      .insert(h2hChallenges)
      .values({ packId: pack.id, challengerProfileId: challenger.id, challengedProfileId: challenged.id, status: "accepted" })
      .returning();
    const h2hBalance = async (profileId: string) =>
      (await ledgerOf(challenge!.id)).filter((row) => row.profileId === profileId).reduce((sum, row) => sum + row.amountCents, 0);
    const settle = () => settleH2hChallenges({ bonusCents: 700, tiePolicy: "split" });

    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    expect((await settle()).settled).toBe(0); // one prop left: the pack is not graded yet
    await gradeProp({ propId: pack.props[1]!.id, outcome: "A", actorProfileId: admin.id });
    expect((await settle()).settled).toBe(1);
    expect(await h2hBalance(challenger.id)).toBe(700);
    expect(await h2hBalance(challenged.id)).toBe(0);

    // The admin corrects prop 2 to B: now the challenged player has won more props.
    await gradeProp({ propId: pack.props[1]!.id, outcome: "B", actorProfileId: admin.id });
    expect((await settle()).settled).toBe(1);
    expect(await h2hBalance(challenger.id)).toBe(0);
    expect(await h2hBalance(challenged.id)).toBe(700);
    expect((await challengeRow(challenge!.id)).winnerProfileId).toBe(challenged.id);
    // Grading the same result again changes nothing, and neither does another run.
    await gradeProp({ propId: pack.props[1]!.id, outcome: "B", actorProfileId: admin.id });
    expect((await settle()).settled).toBe(0);
    expect(await ledgerOf(challenge!.id)).toHaveLength(3);
  });

  it("a re-grade that does not change the result writes no ledger rows", async () => {
    const { challenge, props: packProps } = await acceptedChallenge("win");
    await settleH2hChallenges({ bonusCents: 300, tiePolicy: "split" });
    const db = await getDb();
    // p3 both lost → push for both: the challenger still leads on props won.
    await db.update(props).set({ status: "push" }).where(eq(props.id, packProps[2]!.id));
    await db.update(takes).set({ result: "push", points: 100, tokensCents: 500 }).where(eq(takes.propId, packProps[2]!.id));
    expect((await settleH2hChallenges({ bonusCents: 300, tiePolicy: "split" })).settled).toBe(1);
    expect(await ledgerOf(challenge.id)).toHaveLength(1);
    expect((await challengeRow(challenge.id)).settlementVersion).toBe(2);
  });

  it("un-grading reverses the bonus; grading again pays it again", async () => {
    const { challenge, challenger, pack, props: packProps } = await acceptedChallenge("win");
    await settleH2hChallenges({ bonusCents: 400, tiePolicy: "split" });
    const db = await getDb();
    await db.execute(sql`update packs set status = 'live' where id = ${pack.id}`);
    await db.update(props).set({ status: "closed" }).where(eq(props.id, packProps[2]!.id));
    expect((await settleH2hChallenges({ bonusCents: 400, tiePolicy: "split" })).reopened).toBe(1);
    expect(await getBalanceCents(db, challenger.id)).toBe(0);
    expect((await challengeRow(challenge.id)).status).toBe("accepted");

    await db.update(props).set({ status: "gradedA" }).where(eq(props.id, packProps[2]!.id));
    await db.execute(sql`update packs set status = 'graded' where id = ${pack.id}`);
    expect((await settleH2hChallenges({ bonusCents: 400, tiePolicy: "split" })).settled).toBe(1);
    expect(await getBalanceCents(db, challenger.id)).toBe(400);
    expect((await ledgerOf(challenge.id)).map((row) => row.businessKey)).toEqual([
      `h2h:${challenge.id}:${challenger.id}:v1`,
      `h2h-reversal:${challenge.id}:${challenger.id}:v2`,
      `h2h:${challenge.id}:${challenger.id}:v3`,
    ]);
  });

  it("leaves accepted challenges alone until their pack is graded, and expires unanswered ones once it closes", async () => {
    const db = await getDb();
    const [a, b] = [await createProfile(), await createProfile()];
    const open = await createPack({ status: "open", closeTime: new Date(Date.now() + 3_600_000) });
    const closed = await createPack({ status: "open", closeTime: new Date(Date.now() - 60_000) });
    const [waiting] = await db
      .insert(h2hChallenges)
      .values({ packId: open.id, challengerProfileId: a.id, challengedProfileId: b.id, status: "accepted" })
      .returning();
    const [stale] = await db
      .insert(h2hChallenges)
      .values({ packId: closed.id, challengerProfileId: a.id, challengedProfileId: b.id })
      .returning();
    const [fresh] = await db
      .insert(h2hChallenges)
      .values({ packId: open.id, challengerProfileId: b.id, challengedProfileId: (await createProfile()).id })
      .returning();
    const run = await settleH2hChallenges({ bonusCents: 100, tiePolicy: "split" });
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await challengeRow(waiting!.id)).status).toBe("accepted");
    expect((await challengeRow(stale!.id)).status).toBe("cancelled");
    expect((await challengeRow(fresh!.id)).status).toBe("pending");
  });
});
