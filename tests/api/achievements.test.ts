// Streaks, badges and the weekly recap (docs/decisions/068-streaks-badges-recaps.md): earned after
// grading, taken back by an un-grade, a re-grade to the other side or a pick fix, and, after random
// grades, re-grades, un-grades and fixes, equal to the domain's reference computation from the takes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { gradeProp } from "@/server/grading/grade-prop";
import { fixPick } from "@/server/takes/fix-pick";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getPlayerAchievements, sqlSideValue } from "@/server/achievements/get-player-achievements";
import { weeklyRecapFor } from "@/server/achievements/weekly-recap-for";
import { POST as seenRoute } from "@/app/api/achievements/seen/route";
import { AppError } from "@/server/http/app-error";
import { bestPick, earnedBadges, streaksOf, worstBeat, type TakeFact } from "@/domain/achievements";
import { closingPrice } from "@/domain/prices";
import { sideValue, TAKE_RESULTS, type TakeResult } from "@/domain/points";
import { weekStartOf } from "@/domain/leaderboard-scope";
import { nyDay } from "@/domain/time";
import type { PropOutcome } from "@/domain/grading";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createPack, submitTakes, type TestPack } from "../helpers/grading-fixtures";

let admin: TestProfile;

beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

const grade = (propId: string, outcome: PropOutcome | null) => gradeProp({ propId, outcome, actorProfileId: admin.id });
const badgeIds = async (profileId: string) => (await getPlayerAchievements({ profileId })).badges.filter((b) => b.earned).map((b) => b.id);

/** A closed pack of `size` props and a player who picked side A on each. */
async function playerOnPack(size: number, options: { closeTime?: Date } = {}) {
  const player = await createProfile();
  const pack = await createPack({ props: Array.from({ length: size }, () => ({})), closeTime: options.closeTime });
  const takeIds = await submitTakes({ profile: player, pack, picks: pack.props.map((_, propIndex) => ({ propIndex, side: "A" })) });
  return { player, pack, takeIds };
}

describe("the server's price rule", () => {
  it("turns every moneyline into the points the domain's sideValue gives", async () => {
    const rows = await queryRows<{ ml: number | null; value: number }>(
      await getDb(),
      sql`select ml, ${sqlSideValue(sql`ml`)} as value
          from (select null::int as ml union all select g from generate_series(-3000, -100) g
                union all select g from generate_series(100, 3000) g) m`,
    );
    const wrong = rows.filter((r) => Number(r.value) !== sideValue(r.ml === null ? null : Number(r.ml)));
    expect(wrong).toEqual([]);
    expect(rows).toHaveLength(1 + 2 * 2901);
  });
});

describe("streaks and badges follow the grades", () => {
  it("gives a first take as soon as a pick is made, before any grade", async () => {
    const { player } = await playerOnPack(2);
    const achievements = await getPlayerAchievements({ profileId: player.id });
    expect(achievements.streak).toEqual({ current: 0, best: 0 });
    expect(achievements.badges[0]).toMatchObject({ id: "first_take", earned: { times: 1 } });
    expect(achievements.badges.slice(1).every((b) => b.earned === null)).toBe(true);
  });

  it("shows a perfect pack and a streak after grading, and takes them back after an un-grade or a re-grade to the other side", async () => {
    const { player, pack } = await playerOnPack(3);
    for (const prop of pack.props) await grade(prop.id, "A");
    let achievements = await getPlayerAchievements({ profileId: player.id });
    expect(achievements.streak).toEqual({ current: 3, best: 3 });
    const perfect = achievements.badges.find((b) => b.id === "perfect_pack");
    expect(perfect?.earned).toMatchObject({ times: 1, pack: { packURL: pack.packUrl, title: pack.title } });

    await grade(pack.props[2]!.id, null);
    achievements = await getPlayerAchievements({ profileId: player.id });
    expect(achievements.streak).toEqual({ current: 2, best: 2 });
    expect(await badgeIds(player.id)).toEqual(["first_take"]);

    // Props of one pack lock together: they stand in prop id order, so which one is lost decides the current run.
    const ordered = [...pack.props].sort((a, b) => (a.id < b.id ? -1 : 1));
    await grade(ordered[2]!.id, "B");
    await grade(ordered[0]!.id, "A");
    await grade(ordered[1]!.id, "A");
    achievements = await getPlayerAchievements({ profileId: player.id });
    expect(achievements.streak).toEqual({ current: 0, best: 2 });
    expect(await badgeIds(player.id)).toEqual(["first_take"]);

    await grade(ordered[2]!.id, "push");
    achievements = await getPlayerAchievements({ profileId: player.id });
    expect(achievements.streak).toEqual({ current: 2, best: 2 });
    expect(await badgeIds(player.id)).toContain("perfect_pack");
  });

  it("follows a commissioner's pick fix: a switched losing pick makes the pack perfect, a removed pick unmakes it", async () => {
    const { player, pack } = await playerOnPack(2);
    await grade(pack.props[0]!.id, "A");
    await grade(pack.props[1]!.id, "B");
    expect(await badgeIds(player.id)).toEqual(["first_take"]);
    const fix = (side: "A" | "B" | null) =>
      fixPick({
        profileId: player.id,
        propId: pack.props[1]!.id,
        side,
        reason: "Late text",
        idempotencyKey: randomUUID(),
        actorProfileId: admin.id,
      });
    await fix("B");
    expect(await badgeIds(player.id)).toEqual(["first_take", "perfect_pack"]);
    expect((await getPlayerAchievements({ profileId: player.id })).streak.best).toBe(2);
    await fix(null);
    expect(await badgeIds(player.id)).toEqual(["first_take"]);
  });

  it("earns the 10-streak on ten wins in a row across packs, and loses it when one of them is re-graded a loss", async () => {
    const player = await createProfile();
    const packs: TestPack[] = [];
    for (let p = 0; p < 2; p++) {
      const pack = await createPack({
        props: Array.from({ length: 5 }, () => ({})),
        closeTime: new Date(Date.now() - (10 - p) * 3_600_000),
      });
      await submitTakes({ profile: player, pack, picks: pack.props.map((_, propIndex) => ({ propIndex, side: "A" })) });
      packs.push(pack);
    }
    for (const pack of packs) for (const prop of pack.props) await grade(prop.id, "A");
    const earned = (await getPlayerAchievements({ profileId: player.id })).badges.find((b) => b.id === "ten_streak");
    expect(earned?.earned).toMatchObject({ pack: { packURL: packs[1]!.packUrl } });
    expect(await badgeIds(player.id)).toContain("ten_streak");
    await grade(packs[1]!.props[0]!.id, "B");
    expect(await badgeIds(player.id)).not.toContain("ten_streak");
    expect((await getPlayerAchievements({ profileId: player.id })).streak.best).toBeLessThan(10);
  });

  it("counts a contrarian win once the crowd's picks are counted, and beats the close against the line history", async () => {
    const pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -170 }] });
    const contrarian = await createProfile();
    await submitTakes({ profile: contrarian, pack, picks: [{ propIndex: 0, side: "A" }] });
    for (let i = 0; i < 9; i++) await submitTakes({ profile: await createProfile(), pack, picks: [{ propIndex: 0, side: "B" }] });
    // The line moved to +120 before the lock: the +150 the player locked beat the close.
    await (
      await getDb()
    ).execute(sql`
      insert into prop_prices (prop_id, side_a_moneyline, side_b_moneyline, source, recorded_at)
      values (${pack.props[0]!.id}, 120, -140, 'authoring', now() - interval '90 minutes')`);
    await grade(pack.props[0]!.id, "A");
    await drainLeaderboardQueue();
    expect(await badgeIds(contrarian.id)).toEqual(["first_take", "contrarian_win", "beat_the_close"]);
    await grade(pack.props[0]!.id, "void");
    expect(await badgeIds(contrarian.id)).toEqual(["first_take"]);
  });
});

describe("the weekly recap", () => {
  it("names the best pick, the worst beat and the movers among a set of players", async () => {
    const now = new Date();
    const week = weekStartOf(nyDay(now));
    const lastWeek = new Date(now.getTime() - 7 * 86_400_000);
    const pack = await createPack({
      props: [{ sideAMoneyline: 200 }, { sideAMoneyline: -300 }, {}],
      closeTime: new Date(now.getTime() - 60_000),
    });
    const oldPack = await createPack({
      props: [{}],
      openTime: new Date(lastWeek.getTime() - 86_400_000),
      closeTime: new Date(lastWeek.getTime() - 60_000),
    });
    const [ann, bob, cat] = [await createProfile(), await createProfile(), await createProfile()];
    await submitTakes({ profile: ann, pack, picks: [0, 1, 2].map((propIndex) => ({ propIndex, side: "A" })), at: now });
    await submitTakes({ profile: bob, pack, picks: [0, 1, 2].map((propIndex) => ({ propIndex, side: "B" })), at: now });
    await submitTakes({ profile: bob, pack: oldPack, picks: [{ propIndex: 0, side: "A" }], at: lastWeek });
    await submitTakes({ profile: cat, pack: oldPack, picks: [{ propIndex: 0, side: "B" }], at: lastWeek });
    await grade(oldPack.props[0]!.id, "A");
    await grade(pack.props[0]!.id, "A");
    await grade(pack.props[1]!.id, "B");
    await grade(pack.props[2]!.id, "A");
    await drainLeaderboardQueue();
    const players = sql`select id from profiles where id in (${ann.id}::uuid, ${bob.id}::uuid, ${cat.id}::uuid)`;
    const recap = await weeklyRecapFor(await getDb(), { week, players, rankOn: "players" });
    expect(recap.bestPick).toMatchObject({ handle: ann.handle, propLabel: "Prop 1", points: 500 });
    // Ann's -300 favourite lost: 83 points at stake, the shortest odds lost that week.
    expect(recap.worstBeat).toMatchObject({ handle: ann.handle, propLabel: "Prop 2", lockedValue: 83 });
    expect(recap.movers).toContainEqual({ handle: ann.handle, rank: 1, previousRank: null, move: null });
    // Bob was first last week (cat lost) and is second now.
    expect(recap.movers).toContainEqual({ handle: bob.handle, rank: 2, previousRank: 1, move: -1 });
    const own = await weeklyRecapFor(await getDb(), { week, players: sql`select ${cat.id}::uuid`, rankOn: "board" });
    expect(own).toMatchObject({ bestPick: null, worstBeat: null, movers: [] });
  });
});

describe("POST /api/achievements/seen", () => {
  it("marks the owner's badges seen once, so a badge is new only until then", async () => {
    const { player } = await playerOnPack(1);
    const first = await getPlayerAchievements({ profileId: player.id, viewerIsOwner: true });
    expect(first.badges[0]).toMatchObject({ id: "first_take", isNew: true });
    expect((await getPlayerAchievements({ profileId: player.id })).badges[0]?.isNew).toBe(false);
    const response = await seenRoute(
      await apiRequest("/api/achievements/seen", { as: player, body: { seenThrough: first.badges[0]!.earned!.at } }),
      routeParams({}),
    );
    expect(response.status).toBe(200);
    expect((await getPlayerAchievements({ profileId: player.id, viewerIsOwner: true })).badges[0]?.isNew).toBe(false);
  });

  it("refuses a visitor (401) and a time that is not one (400)", async () => {
    expect(
      (await seenRoute(await apiRequest("/api/achievements/seen", { body: { seenThrough: new Date().toISOString() } }), routeParams({})))
        .status,
    ).toBe(401);
    const player = await createProfile();
    const bad = await seenRoute(
      await apiRequest("/api/achievements/seen", { as: player, body: { seenThrough: "yesterday" } }),
      routeParams({}),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false });
  });
});

// ---------------------------------------------------------------- the property

/** Every current take of a player as the domain's rules read it, straight from the tables. */
async function factsOf(profileId: string): Promise<{ facts: TakeFact[]; packProps: Map<string, number> }> {
  const db = await getDb();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.id, t.prop_id, t.pack_id, t.side, t.result, t.points, t.locked_value, t.created_at,
               pr.graded_at, pr.status, pr.close_time as prop_close, pk.close_time as pack_close, pr.created_at as prop_created,
               pr.side_a_moneyline, pr.side_b_moneyline,
               coalesce(c.takes, 0) as prop_takes,
               coalesce(case t.side when 'A' then c.takes_a else c.takes_b end, 0) as side_takes,
               (select count(*) from props p2 where p2.pack_id = t.pack_id) as pack_props
        from takes t join props pr on pr.id = t.prop_id join packs pk on pk.id = t.pack_id
        left join prop_take_counts c on c.prop_id = t.prop_id
        where t.profile_id = ${profileId} and t.is_current`,
  );
  const history = await queryRows<{
    prop_id: string;
    side_a_moneyline: number | null;
    side_b_moneyline: number | null;
    recorded_at: string;
  }>(
    db,
    sql`select prop_id, side_a_moneyline, side_b_moneyline, recorded_at from prop_prices
        where prop_id in (select prop_id from takes where profile_id = ${profileId} and is_current) order by recorded_at, id`,
  );
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  const packProps = new Map<string, number>();
  const facts = rows.map((r) => {
    packProps.set(String(r.pack_id), Number(r.pack_props));
    const prop = {
      status: String(r.status),
      closeTime: date(r.prop_close),
      sideAMoneyline: r.side_a_moneyline as number | null,
      sideBMoneyline: r.side_b_moneyline as number | null,
    };
    const pack = { closeTime: date(r.pack_close) };
    const lockTimes = [prop.closeTime, pack.closeTime].filter((d): d is Date => d !== null);
    const side = r.side === "A" ? "A" : "B";
    const close = closingPrice({
      prop,
      pack,
      now: new Date(),
      history: history
        .filter((h) => h.prop_id === r.prop_id)
        .map((h, i) => ({
          id: i,
          sideAMoneyline: h.side_a_moneyline,
          sideBMoneyline: h.side_b_moneyline,
          recordedAt: new Date(h.recorded_at),
          source: "authoring" as const,
          actorHandle: null,
        })),
    });
    return {
      takeId: String(r.id),
      propId: String(r.prop_id),
      packId: String(r.pack_id),
      side,
      result: TAKE_RESULTS.find((x) => x === r.result) as TakeResult,
      points: Number(r.points),
      lockedValue: Number(r.locked_value),
      createdAt: new Date(Math.floor(new Date(r.created_at as string).getTime())),
      lockAt: lockTimes.length ? new Date(Math.min(...lockTimes.map((d) => d.getTime()))) : new Date(r.prop_created as string),
      gradedAt: date(r.graded_at),
      sideTakes: Number(r.side_takes),
      propTakes: Number(r.prop_takes),
      closingMoneyline: close ? (side === "A" ? close.sideAMoneyline : close.sideBMoneyline) : null,
    } satisfies TakeFact;
  });
  return { facts, packProps };
}

describe("property: after random grades, re-grades, un-grades and pick fixes", () => {
  it("streaks, badges and the recap equal a recomputation from the takes", async () => {
    const players: TestProfile[] = [];
    for (let i = 0; i < 4; i++) players.push(await createProfile());
    const packs: TestPack[] = [];
    const now = Date.now();
    for (let p = 0; p < 3; p++) {
      const pack = await createPack({
        props: [{ sideAMoneyline: 150, sideBMoneyline: -170 }, { sideAMoneyline: -250 }, {}, { sideBMoneyline: 300 }],
        closeTime: new Date(now - (p + 1) * 3_600_000),
      });
      packs.push(pack);
      for (const [index, player] of players.entries()) {
        await submitTakes({
          profile: player,
          pack,
          picks: pack.props.map((_, propIndex) => ({ propIndex, side: (index + propIndex + p) % 3 ? "A" : "B" })),
          at: new Date(now - (p + 2) * 3_600_000 + index * 1000),
        });
      }
      await (
        await getDb()
      ).execute(sql`
        insert into prop_prices (prop_id, side_a_moneyline, side_b_moneyline, source, recorded_at)
        values (${pack.props[0]!.id}, 120, -140, 'authoring', ${new Date(now - (p + 1) * 3_600_000 - 60_000)})`);
    }
    const propArb = fc.record({ pack: fc.nat(2), prop: fc.nat(3) });
    const operationArb = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("grade" as const),
          at: propArb,
          outcome: fc.constantFrom<PropOutcome | null>("A", "B", "push", "void", null),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant("fix" as const),
          at: propArb,
          player: fc.nat(3),
          side: fc.constantFrom<"A" | "B" | null>("A", "B", null),
        }),
      },
    );
    const runs = testDbKind() === "postgres" ? 8 : 4;
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 5, maxLength: 25 }), async (operations) => {
        for (const operation of operations) {
          const propId = packs[operation.at.pack]!.props[operation.at.prop]!.id;
          if (operation.kind === "grade") await grade(propId, operation.outcome);
          else
            await fixPick({
              profileId: players[operation.player]!.id,
              propId,
              side: operation.side,
              reason: "Property test",
              idempotencyKey: randomUUID(),
              actorProfileId: admin.id,
            }).catch((error: unknown) => {
              if (!(error instanceof AppError && (error.status === 400 || error.status === 409))) throw error;
            });
        }
        await drainLeaderboardQueue();
        for (const player of players) {
          const { facts, packProps } = await factsOf(player.id);
          const expectedStreaks = streaksOf(facts);
          const expectedBadges = earnedBadges(facts, packProps);
          const shown = await getPlayerAchievements({ profileId: player.id });
          expect(shown.streak).toEqual({ current: expectedStreaks.current, best: expectedStreaks.best });
          expect(shown.badges.filter((b) => b.earned).map((b) => ({ id: b.id, at: b.earned!.at, times: b.earned!.times }))).toEqual(
            [...expectedBadges]
              .sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime())
              .map((b) => ({ id: b.id, at: b.earnedAt.toISOString(), times: b.times })),
          );
          const week = weekStartOf(nyDay(new Date(now)));
          const weekTakes = facts.filter((f) => weekStartOf(nyDay(f.createdAt)) === week);
          const recap = await weeklyRecapFor(await getDb(), { week, players: sql`select ${player.id}::uuid`, rankOn: "board" });
          if (weekTakes.length === facts.length) {
            expect(recap.bestPick?.points ?? null).toBe(bestPick(facts)?.points ?? null);
            expect(recap.worstBeat?.lockedValue ?? null).toBe(worstBeat(facts)?.lockedValue ?? null);
          }
        }
      }),
      { numRuns: runs },
    );
  });
});
