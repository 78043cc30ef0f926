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
import { bestPick, earnedBadges, groupWeekWinners, streaksOf, worstBeat, type TakeFact } from "@/domain/achievements";
import { compareLeaderboardRows, competitionRanks } from "@/domain/ranking";
import { createGroup, joinGroup } from "@/server/groups/group-writes";
import { getGroupBoardPage } from "@/server/groups/group-reads";
import { setGroupHidden } from "@/server/groups/admin-groups";
import { closingPrice } from "@/domain/prices";
import { sideValue, TAKE_RESULTS, type TakeResult } from "@/domain/points";
import { weekStartOf } from "@/domain/leaderboard-scope";
import { addDays, nyDay, nyWallTime } from "@/domain/time";
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

describe("the group winner badge", () => {
  it("goes to the top of a finished week's board in a group of three or more, ties included, and follows re-grades and a hidden group", async () => {
    const [a, b, c, d] = [await createProfile(), await createProfile(), await createProfile(), await createProfile()];
    const trio = await createGroup({ profileId: a.id, name: "Trio", picture: false });
    for (const member of [b, c]) await joinGroup({ profileId: member.id, token: trio.inviteToken });
    const pair = await createGroup({ profileId: a.id, name: "Pair", picture: false });
    await joinGroup({ profileId: d.id, token: pair.inviteToken });
    const pack = await createPack({ props: [{}, {}], closeTime: new Date(Date.now() - 3_600_000) });
    const lastWeek = new Date(Date.now() - 8 * 86_400_000);
    const picks = { a: ["A", "A"], b: ["A", "B"], c: ["B", "B"], d: ["B", "A"] } as const;
    for (const [who, profile] of [
      ["a", a],
      ["b", b],
      ["c", c],
      ["d", d],
    ] as const) {
      await submitTakes({ profile, pack, picks: picks[who].map((side, propIndex) => ({ propIndex, side })), at: lastWeek });
    }
    const winners = async (now?: Date) => {
      await drainLeaderboardQueue();
      const held = [];
      for (const [who, profile] of [
        ["a", a],
        ["b", b],
        ["c", c],
        ["d", d],
      ] as const) {
        const badge = (await getPlayerAchievements({ profileId: profile.id, now })).badges.find((x) => x.id === "group_winner");
        if (badge?.earned) held.push(`${who}×${badge.earned.times}`);
      }
      return held;
    };
    await grade(pack.props[0]!.id, "A");
    await grade(pack.props[1]!.id, "A");
    // a won both: first in the trio. d beat a in the pair, but two players are too few for the badge.
    expect(await winners()).toEqual(["a×1"]);
    // While that week was still being played, nobody had won it.
    expect(await winners(lastWeek)).toEqual([]);
    // Re-graded: b won both, a and c one each.
    await grade(pack.props[1]!.id, "B");
    expect(await winners()).toEqual(["b×1"]);
    // A push on the second prop: a and b tie at the top, and both hold it.
    await grade(pack.props[1]!.id, "push");
    expect(await winners()).toEqual(["a×1", "b×1"]);
    // The league hid the trio: its weeks no longer count.
    await setGroupHidden({ groupId: trio.groupId, hidden: true, reason: "Property of the test", actorProfileId: admin.id });
    expect(await winners()).toEqual([]);
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

/** A member's line on a group board, recomputed from the current takes (rows with no non-void take are not on a board). */
interface BoardLine {
  profileId: string;
  handle: string;
  points: number;
  won: number;
  lost: number;
  pushed: number;
  takes: number;
}

/** What a board row shows, for comparing the app's board with the recomputed one. */
const boardFields = ({ rank, handle, points, won, lost, pushed, takes }: Omit<BoardLine, "profileId"> & { rank: number }) => ({
  rank,
  handle,
  points,
  won,
  lost,
  pushed,
  takes,
});

/** A group's board for one scope ("all" or a week), recomputed from the members' current takes, ranked by the domain's rules. */
async function recomputedGroupBoard(members: readonly TestProfile[], scope: string) {
  const rows = await queryRows<{ profile_id: string; result: string; points: number; created_at: string }>(
    await getDb(),
    sql`select profile_id, result, points, created_at from takes
        where is_current and profile_id in (${sql.join(
          members.map((m) => sql`${m.id}::uuid`),
          sql`, `,
        )})`,
  );
  const lines = new Map<string, BoardLine>();
  for (const take of rows) {
    if (scope !== "all" && `week:${weekStartOf(nyDay(new Date(take.created_at)))}` !== scope) continue;
    const member = members.find((m) => m.id === take.profile_id)!;
    const line = lines.get(member.id) ?? { profileId: member.id, handle: member.handle, points: 0, won: 0, lost: 0, pushed: 0, takes: 0 };
    line.points += Number(take.points);
    line.won += take.result === "won" ? 1 : 0;
    line.lost += take.result === "lost" ? 1 : 0;
    line.pushed += take.result === "push" ? 1 : 0;
    line.takes += take.result === "void" ? 0 : 1;
    lines.set(member.id, line);
  }
  return competitionRanks([...lines.values()].filter((line) => line.takes > 0).sort(compareLeaderboardRows));
}

describe("property: after random grades, re-grades, un-grades and pick fixes", () => {
  it("streaks, badges, the recap and the group boards equal a recomputation from the takes", async () => {
    const players: TestProfile[] = [];
    for (let i = 0; i < 5; i++) players.push(await createProfile());
    // Three groups: all of the first four; two of them (too few for "Group winner"); and three of them with the fifth player.
    const groupsOf = [
      [0, 1, 2, 3],
      [0, 1],
      [1, 2, 3, 4],
    ].map((indexes) => indexes.map((i) => players[i]!));
    const groupIds: string[] = [];
    for (const [g, members] of groupsOf.entries()) {
      const made = await createGroup({ profileId: members[0]!.id, name: `Property ${g}`, picture: false });
      for (const member of members.slice(1)) await joinGroup({ profileId: member.id, token: made.inviteToken });
      groupIds.push(made.groupId);
    }
    const packs: TestPack[] = [];
    const now = Date.now();
    const thisWeek = weekStartOf(nyDay(new Date(now)));
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
          // The last pack's picks were made a week earlier: a finished week, for the group winner badge.
          at: new Date(now - (p + 2) * 3_600_000 - (p === 2 ? 8 * 86_400_000 : 0) + index * 1000),
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
        // Each group's board (all time and each week with picks) against the recomputation, and the
        // weeks each player won in a group (finished weeks only) for the "Group winner" badge.
        const groupWins = new Map<string, Date[]>();
        const weeks = [thisWeek, addDays(thisWeek, -7), addDays(thisWeek, -14)].map((w) => `week:${w}`);
        for (const [g, members] of groupsOf.entries()) {
          for (const scope of ["all", ...weeks]) {
            const expected = await recomputedGroupBoard(members, scope);
            const page = await getGroupBoardPage({ groupId: groupIds[g]!, scope, viewerProfileId: members[0]!.id });
            expect(page.items.map(boardFields)).toEqual(expected.map(boardFields));
            if (scope === "all" || scope === `week:${thisWeek}`) continue;
            for (const winner of groupWeekWinners(expected)) {
              groupWins.set(winner, [...(groupWins.get(winner) ?? []), nyWallTime(addDays(scope.slice(5), 7))]);
            }
          }
        }
        for (const player of players) {
          const { facts, packProps } = await factsOf(player.id);
          const expectedStreaks = streaksOf(facts);
          const wins = (groupWins.get(player.id) ?? []).sort((a, b) => a.getTime() - b.getTime());
          const expectedBadges = [
            ...earnedBadges(facts, packProps),
            ...(wins.length ? [{ id: "group_winner" as const, earnedAt: wins[0]!, times: wins.length }] : []),
          ];
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
