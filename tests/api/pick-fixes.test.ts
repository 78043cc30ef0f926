// The commissioner fixes a player's pick with a reason (issue 41 item 3, docs/decisions/061-pick-fixes.md):
// points, diamonds, boards and the ledger follow exactly, before and after grading, once under retries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { GET as optionsRoute, POST as fixRoute } from "@/app/api/admin/pickFixes/route";
import { getDb, queryRows } from "@/server/db/client";
import { gradeProp } from "@/server/grading/grade-prop";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getReceipt } from "@/server/receipts/get-receipt";
import { deleteAccount } from "@/server/profiles/delete-account";
import { setPackWinners } from "@/server/grading/set-pack-winners";
import { describeAuditChanges, describeAuditEntry } from "@/domain/audit-words";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createPack, ledgerOf, submitTakes, takeRow, type TestPack } from "../helpers/grading-fixtures";

let admin: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

type Body = Record<string, unknown> & { success?: boolean; error?: string };
type AnyHandler = (req: never, ctx: never) => Promise<Response>;

async function call(handler: AnyHandler, url: string, options: { as?: TestProfile; body?: unknown } = {}) {
  const req = await apiRequest(url, { as: options.as, body: options.body });
  const response = await handler(req as never, routeParams({}) as never);
  return { status: response.status, body: (await response.json()) as Body };
}

const fix = (body: Record<string, unknown>) =>
  call(fixRoute as AnyHandler, "/api/admin/pickFixes", {
    as: admin,
    body: { reason: "Texted his pick before the kickoff", idempotencyKey: `k${randomUUID()}`, ...body },
  });

const balance = async (profile: TestProfile) => getBalanceCents(await getDb(), profile.id);

/** The player's line on the pack's board, after the queue drains (what the leaderboard page shows). */
async function packBoard(pack: TestPack, profile: TestProfile) {
  await drainLeaderboardQueue();
  const [row] = await queryRows<{ points: number; won: number; takes: number }>(
    await getDb(),
    sql`select points, won, takes from leaderboard_totals where scope = ${`pack:${pack.id}`} and profile_id = ${profile.id}`,
  );
  return row ? { points: Number(row.points), won: Number(row.won), takes: Number(row.takes) } : null;
}

async function takeCounts(propId: string) {
  await drainLeaderboardQueue();
  const [row] = await queryRows<{ takes: number; takes_a: number; takes_b: number }>(
    await getDb(),
    sql`select takes, takes_a, takes_b from prop_take_counts where prop_id = ${propId}`,
  );
  return row ? { takes: Number(row.takes), a: Number(row.takes_a), b: Number(row.takes_b) } : null;
}

async function currentTake(profile: TestProfile, propId: string) {
  const [row] = await queryRows<{ id: string; side: string; locked_value: number; points: number; tokens_cents: number }>(
    await getDb(),
    sql`select id, side, locked_value, points, tokens_cents from takes where profile_id = ${profile.id} and prop_id = ${propId} and is_current`,
  );
  return row ?? null;
}

async function textsTo(profile: TestProfile) {
  return queryRows<{ body: string; status: string; kind: string }>(
    await getDb(),
    sql`select body, status, kind from sms_outbox where profile_id = ${profile.id} and kind = 'pick_fix' order by created_at`,
  );
}

describe("a late pick added by the commissioner", () => {
  it("before grading stores a pending pick at the side's value, and grading then pays it like any other", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }] });
    const propId = pack.props[0]!.id;

    const added = await fix({ profileId: player.id, propId, side: "A" });

    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      applied: true,
      action: "add",
      graded: false,
      before: { side: null, words: "No pick", points: 0, tokensCents: 0 },
      after: { side: "A", words: "Yes", points: 0, tokensCents: 0 },
    });
    expect(await ledgerOf(player.id)).toEqual([]);
    const take = await currentTake(player, propId);
    expect(take).toMatchObject({ side: "A", locked_value: 375 });
    expect(await takeCounts(propId)).toEqual({ takes: 1, a: 1, b: 0 });

    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    expect(await balance(player)).toBe(1875);
    expect(await ledgerOf(player.id)).toEqual([
      { amount_cents: 1875, kind: "take_payout", business_key: `payout:${propId}:v1:${take!.id}` },
    ]);
    expect(await packBoard(pack, player)).toEqual({ points: 375, won: 1, takes: 1 });
  });

  it("after grading pays the winning pick at once: points, diamonds, the pack's board and the ledger", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, {}] });
    const propId = pack.props[0]!.id;
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 1, side: "B" }] });
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });

    const added = await fix({ profileId: player.id, propId, side: "A" });

    expect(added.body).toMatchObject({
      applied: true,
      action: "add",
      graded: true,
      after: { words: "Yes", points: 375, tokensCents: 1875 },
    });
    const take = await currentTake(player, propId);
    expect(take).toMatchObject({ side: "A", points: 375, tokens_cents: 1875 });
    expect(await balance(player)).toBe(1875);
    expect(await ledgerOf(player.id)).toEqual([
      { amount_cents: 1875, kind: "take_payout", business_key: `payout:${propId}:v1:fix:${take!.id}` },
    ]);
    expect(await packBoard(pack, player)).toEqual({ points: 375, won: 1, takes: 2 });
  });
});

describe("a disputed pick switched by the commissioner", () => {
  it("after grading reverses nothing for a losing pick and pays the new winning side, then a re-grade moves it back exactly", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -110 }] });
    const propId = pack.props[0]!.id;
    const old = (await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "B" }] }))[propId]!;
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    expect(await packBoard(pack, player)).toEqual({ points: 0, won: 0, takes: 1 });

    const switched = await fix({ profileId: player.id, propId, side: "A", reason: "The app showed the wrong team" });

    expect(switched.body).toMatchObject({
      action: "change",
      before: { words: "No", points: 0, tokensCents: 0 },
      after: { words: "Yes", points: 375, tokensCents: 1875 },
    });
    expect(await takeRow(old)).toEqual({ result: "pending", points: 0, tokensCents: 0 });
    expect(await balance(player)).toBe(1875);
    expect(await packBoard(pack, player)).toEqual({ points: 375, won: 1, takes: 1 });
    expect(await takeCounts(propId)).toEqual({ takes: 1, a: 1, b: 0 });

    // A later re-grade treats the fixed take as any other: B won, so the new pick on A loses its payout.
    await gradeProp({ propId, outcome: "B", actorProfileId: admin.id });
    const fixed = await currentTake(player, propId);
    expect(await balance(player)).toBe(0);
    expect(await ledgerOf(player.id)).toEqual([
      { amount_cents: 1875, kind: "take_payout", business_key: `payout:${propId}:v1:fix:${fixed!.id}` },
      { amount_cents: -1875, kind: "take_payout_reversal", business_key: `reversal:${propId}:v2:${fixed!.id}` },
    ]);
  });

  it("after grading takes back a winning pick's payout with a ledger entry when it is switched to the losing side", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -110 }] });
    const propId = pack.props[0]!.id;
    const old = (await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] }))[propId]!;
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    expect(await balance(player)).toBe(1875);

    await fix({ profileId: player.id, propId, side: "B" });

    expect(await balance(player)).toBe(0);
    const [, reversal] = await ledgerOf(player.id);
    expect(reversal).toEqual({ amount_cents: -1875, kind: "take_payout_reversal", business_key: `reversal:${propId}:v1:fix:${old}` });
    expect(await packBoard(pack, player)).toEqual({ points: 0, won: 0, takes: 1 });
  });
});

describe("a pick removed by the commissioner", () => {
  it("after grading reverses the winning payout and takes the pick off the boards", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}, {}] });
    const propId = pack.props[0]!.id;
    const old = (
      await submitTakes({
        profile: player,
        pack,
        picks: [
          { propIndex: 0, side: "A" },
          { propIndex: 1, side: "A" },
        ],
      })
    )[propId]!;
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    expect(await packBoard(pack, player)).toEqual({ points: 250, won: 1, takes: 2 });

    const removed = await fix({ profileId: player.id, propId, side: null, reason: "Picked after the game had started" });

    expect(removed.body).toMatchObject({ action: "remove", before: { points: 250, tokensCents: 1250 }, after: { side: null, points: 0 } });
    expect(await currentTake(player, propId)).toBeNull();
    expect(await takeRow(old)).toEqual({ result: "pending", points: 0, tokensCents: 0 });
    expect(await balance(player)).toBe(0);
    expect(await packBoard(pack, player)).toEqual({ points: 0, won: 0, takes: 1 });
    expect(await takeCounts(propId)).toEqual({ takes: 0, a: 0, b: 0 });
    // A re-grade does not pay the removed pick again.
    await gradeProp({ propId, outcome: "push", actorProfileId: admin.id });
    expect(await balance(player)).toBe(0);
  });

  it("before grading simply withdraws the pick", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    const propId = pack.props[0]!.id;
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "B" }] });

    await fix({ profileId: player.id, propId, side: null });
    await gradeProp({ propId, outcome: "B", actorProfileId: admin.id });

    expect(await balance(player)).toBe(0);
    expect(await packBoard(pack, player)).toBeNull();
  });
});

describe("a fix on a pack whose winners are set", () => {
  it("works the winner out again, in the same change", async () => {
    const first = await createProfile();
    const second = await createProfile();
    const pack = await createPack({ props: [{}] });
    const propId = pack.props[0]!.id;
    await submitTakes({ profile: first, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: second, pack, picks: [{ propIndex: 0, side: "B" }] });
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    await setPackWinners({ packs: [{ packURL: pack.packUrl }], actorProfileId: admin.id });
    const winner = async () =>
      (
        await queryRows<{ winner_profile_id: string; winner_points: number }>(
          await getDb(),
          sql`select winner_profile_id, winner_points from packs where id = ${pack.id}`,
        )
      )[0];
    expect(await winner()).toMatchObject({ winner_profile_id: first.id });

    await fix({ profileId: first.id, propId, side: null, reason: "Picked after the game had started" });

    expect(await winner()).toMatchObject({ winner_profile_id: second.id, winner_points: 0 });
  });
});

describe("the player hears of the fix and reads it on their receipt", () => {
  it("texts the player with the reason and the new receipt, and both receipts say what the commissioner changed", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ shortLabel: "Who wins" }, { shortLabel: "Over 44.5" }] });
    const propId = pack.props[0]!.id;
    const taken = await submitTakes({
      profile: player,
      pack,
      picks: [
        { propIndex: 0, side: "B" },
        { propIndex: 1, side: "A" },
      ],
    });
    const [first] = await queryRows<{ receipt_id: string }>(await getDb(), sql`select receipt_id from takes where id = ${taken[propId]!}`);
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });

    const switched = await fix({ profileId: player.id, propId, side: "A", reason: "Ref confirmed the pick was in on time." });
    const receiptId = switched.body.receiptId as string;

    const texts = await textsTo(player);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.status).toBe("pending");
    expect(texts[0]!.body).toContain(`The commissioner changed your pick on "Who wins" in ${pack.title}: No → Yes.`);
    expect(texts[0]!.body).toContain("Reason: Ref confirmed the pick was in on time. Your points from it: 0 → 250.");
    expect(texts[0]!.body).toContain(`/packs/${pack.packUrl}/${receiptId}`);

    const after = await getReceipt({ packURL: pack.packUrl, receiptId });
    expect(after!.takes.map((t) => [t.propLabel, t.sideLabel, t.points])).toEqual([
      ["Who wins", "Yes", 250],
      ["Over 44.5", "Yes", 0],
    ]);
    expect(after!.fixes).toEqual([
      expect.objectContaining({
        propLabel: "Who wins",
        before: "No",
        after: "Yes",
        reason: "Ref confirmed the pick was in on time.",
        later: false,
      }),
    ]);
    const before = await getReceipt({ packURL: pack.packUrl, receiptId: first!.receipt_id });
    expect(before!.takes.map((t) => t.sideLabel)).toEqual(["No", "Yes"]);
    expect(before!.fixes).toEqual([expect.objectContaining({ later: true, receiptId })]);
  });

  it("records a skipped text, never a sent one, for a player who sent STOP", async () => {
    const player = await createProfile();
    await (await getDb()).execute(sql`update profiles set sms_opt_out = true where id = ${player.id}`);
    const pack = await createPack({ props: [{}] });

    const added = await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "A" });

    expect(added.body.texted).toBe(false);
    expect((await textsTo(player)).map((t) => t.status)).toEqual(["skipped"]);
  });

  it("fixes and texts a suspended player like anyone else (a dispute does not end with the suspension)", async () => {
    const player = await createProfile();
    await (
      await getDb()
    ).execute(sql`update profiles set suspended_at = now(), suspended_reason = 'Shared account' where id = ${player.id}`);
    const pack = await createPack({ props: [{}] });

    const added = await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "B" });

    expect(added.body).toMatchObject({ applied: true, texted: true });
    expect((await textsTo(player)).map((t) => t.status)).toEqual(["pending"]);
  });

  it("writes the audit log's before and after in words", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ shortLabel: "Sacks over 3.5" }] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });

    await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "B", reason: "Disputed: entered the wrong side" });

    const [entry] = await queryRows<{ action: string; entity_type: string; entity_id: string; before: unknown; after: unknown }>(
      await getDb(),
      sql`select action, entity_type, entity_id, before, after from admin_audit_log where action = 'profile.pick_fix' and entity_id = ${player.id}`,
    );
    expect(
      describeAuditEntry({ action: entry!.action, entityType: entry!.entity_type, entityId: entry!.entity_id, entityLabel: player.handle }),
    ).toBe(`Fixed a pick of player “${player.handle}”`);
    const parse = (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as unknown) : value);
    expect(describeAuditChanges(parse(entry!.before), parse(entry!.after))).toEqual([
      "Pick: Yes → No",
      "Points: 250 → 0",
      "Diamonds: 12.5 → 0",
      `Prop: ${pack.title}: Sacks over 3.5`,
      "Reason: Disputed: entered the wrong side",
    ]);
  });
});

describe("a fix happens once", () => {
  it("answers a retried request with the same fix and pays nothing twice", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    const propId = pack.props[0]!.id;
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });
    const body = { profileId: player.id, propId, side: "A", idempotencyKey: `k${randomUUID()}` };

    const first = await fix(body);
    const again = await fix(body);

    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ applied: false, replay: true, receiptId: first.body.receiptId, after: { points: 250 } });
    expect(await balance(player)).toBe(1250);
    expect(await textsTo(player)).toHaveLength(1);
  });

  it("refuses a key used for another fix", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    const key = `k${randomUUID()}`;
    await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "A", idempotencyKey: key });

    const other = await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "B", idempotencyKey: key });

    expect(other).toEqual({ status: 409, body: { success: false, error: "This idempotency key was used for another fix." } });
  });

  it("previews the effect without writing anything", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });

    const preview = await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "A", preview: true });

    expect(preview.body).toMatchObject({ applied: false, receiptId: null, after: { points: 375, tokensCents: 1875 } });
    expect(await currentTake(player, pack.props[0]!.id)).toBeNull();
    expect(await balance(player)).toBe(0);
  });

  it.runIf(testDbKind() === "postgres")("pays once when the same fix is sent eight times at once, with one key or eight", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    const propId = pack.props[0]!.id;
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });

    const key = `k${randomUUID()}`;
    const sameKey = await Promise.all(
      Array.from({ length: 8 }, () => fix({ profileId: player.id, propId, side: "A", idempotencyKey: key })),
    );
    expect(sameKey.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(sameKey.filter((r) => r.body.applied)).toHaveLength(1);

    const otherKeys = await Promise.all(Array.from({ length: 8 }, () => fix({ profileId: player.id, propId, side: null })));
    expect(otherKeys.filter((r) => r.status === 200)).toHaveLength(1);
    expect(otherKeys.filter((r) => r.status === 409)).toHaveLength(7);

    const switches = await Promise.all(Array.from({ length: 8 }, () => fix({ profileId: player.id, propId, side: "A" })));
    expect(switches.filter((r) => r.status === 200)).toHaveLength(1);
    expect(switches.filter((r) => r.status === 400)).toHaveLength(7);

    expect(await balance(player)).toBe(1250);
    expect((await ledgerOf(player.id)).map((row) => row.amount_cents)).toEqual([1250, -1250, 1250]);
  });

  it.runIf(testDbKind() === "postgres")("settles exactly when fixes and re-grades of the same prop race", async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => createProfile()));
    const pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -110 }] });
    const propId = pack.props[0]!.id;
    for (const player of players) await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "B" }] });
    await gradeProp({ propId, outcome: "A", actorProfileId: admin.id });

    await Promise.all([
      ...players.map((player) => fix({ profileId: player.id, propId, side: "A" })),
      gradeProp({ propId, outcome: "B", actorProfileId: admin.id }),
      gradeProp({ propId, outcome: "A", actorProfileId: admin.id }),
    ]);

    const [prop] = await queryRows<{ status: string }>(await getDb(), sql`select status from props where id = ${propId}`);
    const expected = prop!.status === "gradedA" ? 1875 : 0;
    for (const player of players) {
      expect(await currentTake(player, propId)).toMatchObject({ side: "A", tokens_cents: expected });
      expect(await balance(player)).toBe(expected);
    }
  });
});

describe("bad fixes are refused with a reason", () => {
  it.each([
    ["an unknown prop", { propId: randomUUID() }, 404, "Prop not found."],
    ["an unknown player", { profileId: randomUUID() }, 404, "Player not found."],
    ["a prop that is not an id", { propId: "nope" }, 400, "Choose a prop."],
    ["no reason", { reason: "  " }, 400, "Give a reason (3 characters at least)."],
    ["an over-long reason", { reason: "x".repeat(301) }, 400, "Keep the reason under 300 characters."],
    ["a side that does not exist", { side: "C" }, 400, "Choose side A, side B or remove (null)."],
  ])("refuses %s", async (_, change, status, error) => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });

    const refused = await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "A", ...change });

    expect(refused).toEqual({ status, body: { success: false, error } });
    expect(await currentTake(player, pack.props[0]!.id)).toBeNull();
  });

  it("refuses the side the player already has, and removing a pick that does not exist", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}, {}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });

    expect(await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "A" })).toEqual({
      status: 400,
      body: { success: false, error: `@${player.handle} already has Yes on this prop.` },
    });
    expect(await fix({ profileId: player.id, propId: pack.props[1]!.id, side: null })).toEqual({
      status: 409,
      body: { success: false, error: `@${player.handle} has no pick on this prop to remove.` },
    });
  });

  it("refuses to change the picks of a deleted account", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await deleteAccount({ profileId: player.id, confirmHandle: player.handle });

    const refused = await fix({ profileId: player.id, propId: pack.props[0]!.id, side: "B" });

    expect(refused).toEqual({
      status: 409,
      body: { success: false, error: "This player deleted their account: their picks cannot be changed." },
    });
  });

  it("is refused to players", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    const refused = await call(fixRoute as AnyHandler, "/api/admin/pickFixes", {
      as: player,
      body: { profileId: player.id, propId: pack.props[0]!.id, side: "A", reason: "Give me points", idempotencyKey: `k${randomUUID()}` },
    });
    expect(refused.status).toBe(403);
    expect(await currentTake(player, pack.props[0]!.id)).toBeNull();
  });
});

describe("the dialog's choices", () => {
  it("lists a pack's props with the player's current pick, and 404s an unknown pack or player", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ shortLabel: "First" }, { shortLabel: "Second", sideAMoneyline: 150 }] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 1, side: "B" }] });

    const options = await call(optionsRoute as AnyHandler, `/api/admin/pickFixes?profileId=${player.id}&packURL=${pack.packUrl}`, {
      as: admin,
    });

    expect(options.status).toBe(200);
    expect(options.body.props).toEqual([
      expect.objectContaining({ label: "First", currentSide: null, valueA: 250 }),
      expect.objectContaining({ label: "Second", currentSide: "B", valueA: 375 }),
    ]);
    expect(
      (await call(optionsRoute as AnyHandler, `/api/admin/pickFixes?profileId=${player.id}&packURL=no-such-pack`, { as: admin })).status,
    ).toBe(404);
    expect((await call(optionsRoute as AnyHandler, `/api/admin/pickFixes?profileId=${randomUUID()}`, { as: admin })).status).toBe(404);
  });
});
