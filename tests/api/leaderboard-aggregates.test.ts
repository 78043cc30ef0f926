import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { contestPacks, contests, profiles } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { applyQueuedChanges, drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { LEADERBOARD_LOCK_KEY } from "@/server/leaderboards/scoped-contributions";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { rebuildLeaderboardTotals } from "@/server/leaderboards/rebuild-leaderboard-totals";
import { refreshContestLeaderboard } from "@/server/leaderboards/refresh-contest-leaderboard";
import { GET } from "@/app/api/leaderboard/route";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createEvent, createPack, submitTakes } from "../helpers/grading-fixtures";

let admin: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

async function totals(scope: string) {
  const rows = await queryRows<{ profile_id: string; points: number; won: number; lost: number; pushed: number; takes: number }>(
    await getDb(),
    sql`select profile_id, points, won, lost, pushed, takes from leaderboard_totals where scope = ${scope}`,
  );
  return Object.fromEntries(
    rows.map(({ profile_id, ...rest }) => [profile_id, Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Number(v)]))]),
  );
}

async function snapshot() {
  const db = await getDb();
  return {
    totals: await queryRows<Record<string, unknown>>(
      db,
      sql`select scope, profile_id, handle, points, won, lost, pushed, takes from leaderboard_totals order by scope, profile_id`,
    ),
    propTakeCounts: await queryRows<Record<string, unknown>>(
      db,
      sql`select prop_id, pack_id, takes, takes_a, takes_b from prop_take_counts where takes <> 0 or takes_a <> 0 or takes_b <> 0 order by prop_id`,
    ),
  };
}

/** "N fan takes" of a pack as cards show it. */
async function fanTakes(packId: string) {
  const [row] = await queryRows<{ n: number }>(
    await getDb(),
    sql`select coalesce(sum(takes), 0)::int as n from prop_take_counts where pack_id = ${packId}`,
  );
  return Number(row?.n);
}

describe("maintained leaderboard totals", () => {
  it("count takes when they are made and results when they are graded, in every scope of the take", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, {}, {}], league: "mlb" });
    const event = await createEvent({ packId: pack.id });
    const db = await getDb();
    await db.execute(sql`update props set event_id = ${event.eventId} where id = ${pack.props[0]!.id}`);
    const [contest] = await db
      .insert(contests)
      .values({ slug: `c-${pack.packUrl}`, title: "Showdown" })
      .returning();
    await db.insert(contestPacks).values({ contestId: contest!.id, packId: pack.id });
    // 03:30 UTC on Oct 12 is still Saturday Oct 11 in New York.
    await submitTakes({
      profile: player,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "A" },
        { propIndex: 2, side: "B" },
      ],
      at: new Date("2025-10-12T03:30:00Z"),
    });
    await drainLeaderboardQueue();
    expect((await totals("all"))[player.id]).toEqual({ points: 0, won: 0, lost: 0, pushed: 0, takes: 3 });

    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    await gradeProp({ propId: pack.props[1]!.id, outcome: "B", actorProfileId: admin.id });
    await gradeProp({ propId: pack.props[2]!.id, outcome: "push", actorProfileId: admin.id });
    await drainLeaderboardQueue();

    const expected = { points: 475, won: 1, lost: 1, pushed: 1, takes: 3 };
    for (const scope of [
      "all",
      "league:mlb",
      `pack:${pack.id}`,
      `contest:${contest!.id}`,
      "day:2025-10-11",
      "week:2025-10-06",
      "season:2025",
      "league:mlb:day:2025-10-11",
      "league:mlb:week:2025-10-06",
      "league:mlb:season:2025",
    ]) {
      expect((await totals(scope))[player.id], scope).toEqual(expected);
    }
    // Team boards count only the takes on props linked to the team's game.
    for (const teamId of [event.homeTeamId, event.awayTeamId]) {
      expect((await totals(`team:${teamId}`))[player.id]).toEqual({ points: 375, won: 1, lost: 0, pushed: 0, takes: 1 });
    }
    expect((await totals("league:nfl"))[player.id]).toBeUndefined();
  });

  it("a void take counts in no record and a profile whose takes are all void leaves the board", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "void", actorProfileId: admin.id });
    await drainLeaderboardQueue();

    expect((await totals(`pack:${pack.id}`))[player.id]).toBeUndefined();
    expect(await fanTakes(pack.id)).toBe(0);

    await gradeProp({ propId: pack.props[0]!.id, outcome: null, actorProfileId: admin.id });
    await drainLeaderboardQueue();
    expect((await totals(`pack:${pack.id}`))[player.id]).toEqual({ points: 0, won: 0, lost: 0, pushed: 0, takes: 1 });
    expect(await fanTakes(pack.id)).toBe(1);
  });

  it("changing a pick keeps one take per prop on the board and in the pack's fan takes", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}, {}], status: "open", closeTime: new Date(Date.now() + 86_400_000) });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({
      profile: player,
      pack,
      picks: [
        { propIndex: 0, side: "B" },
        { propIndex: 1, side: "A" },
      ],
    });
    await drainLeaderboardQueue();

    expect((await totals(`pack:${pack.id}`))[player.id]).toMatchObject({ takes: 2 });
    expect(await fanTakes(pack.id)).toBe(2);
    // How fans picked follows the change of mind: prop 1 moved from A to B.
    const sides = await queryRows<{ takes_a: number; takes_b: number }>(
      await getDb(),
      sql`select takes_a, takes_b from prop_take_counts where prop_id = ${pack.props[0]!.id}`,
    );
    expect(sides.map((row) => [Number(row.takes_a), Number(row.takes_b)])).toEqual([[0, 1]]);
  });

  it("a drain batch takes every queued change of its players, so several grades fold into one update per player and scope", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}, {}, {}] });
    await submitTakes({ profile: player, pack, picks: [0, 1, 2].map((propIndex) => ({ propIndex, side: "A" as const })) });
    await drainLeaderboardQueue();
    for (const prop of pack.props) await gradeProp({ propId: prop.id, outcome: "A", actorProfileId: admin.id });
    // Three grades queued three changes for the player; a batch of one player takes all three.
    const db = await getDb();
    const applied = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`);
      await tx.execute(sql`delete from leaderboard_queue where profile_id <> ${player.id}`);
      return applyQueuedChanges(tx, 1);
    });
    expect(applied).toBe(3);
    expect((await totals(`pack:${pack.id}`))[player.id]).toEqual({ points: 750, won: 3, lost: 0, pushed: 0, takes: 3 });
    // The other players' changes deleted above are rebuilt, so later tests start from the truth.
    await rebuildLeaderboardTotals();
  });

  it("a rebuild from the takes gives exactly what the drained queue gave, fan takes included", async () => {
    await drainLeaderboardQueue();
    const drained = await snapshot();
    await rebuildLeaderboardTotals();
    expect(await snapshot()).toEqual(drained);
  });

  it("a contest refreshed after a pack joins it counts that pack's takes once", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    const db = await getDb();
    const [contest] = await db
      .insert(contests)
      .values({ slug: `late-${pack.packUrl}`, title: "Late" })
      .returning();
    await db.insert(contestPacks).values({ contestId: contest!.id, packId: pack.id });

    await refreshContestLeaderboard({ contestId: contest!.id });
    await drainLeaderboardQueue();

    expect(await totals(`contest:${contest!.id}`)).toEqual({ [player.id]: { points: 375, won: 1, lost: 0, pushed: 0, takes: 1 } });
  });

  it("a renamed player keeps their rows, shown under the new handle", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await drainLeaderboardQueue();
    const db = await getDb();
    await db
      .update(profiles)
      .set({ handle: `Renamed${player.handle.slice(-6)}` })
      .where(eq(profiles.id, player.id));

    const page = await getLeaderboardPage({ scope: `pack:${pack.id}`, db });
    expect(page.rows.map((row) => row.handle)).toEqual([`Renamed${player.handle.slice(-6)}`]);
  });
});

describe("leaderboard pages", () => {
  let pack: Awaited<ReturnType<typeof createPack>>;
  const players: TestProfile[] = [];

  beforeAll(async () => {
    // 53 players on one pack: three props, side A at +150 wins 375, B at -200 wins 125.
    pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -200 }, {}, {}] });
    for (let i = 0; i < 53; i++) {
      const player = await createProfile({ handle: `rank_${String(i).padStart(2, "0")}` });
      players.push(player);
      const picks: Array<{ propIndex: number; side: "A" | "B" }> =
        i < 2
          ? [
              { propIndex: 0, side: "A" },
              { propIndex: 1, side: "A" },
            ] // 375 + 250, 2 won
          : i < 4
            ? [
                { propIndex: 0, side: "A" },
                { propIndex: 2, side: "A" },
              ] // 375 + 0, 1 won (prop 3 lost)
            : [{ propIndex: 0, side: "B" }];
      await submitTakes({ profile: player, pack, picks });
    }
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    await gradeProp({ propId: pack.props[1]!.id, outcome: "A", actorProfileId: admin.id });
    await gradeProp({ propId: pack.props[2]!.id, outcome: "B", actorProfileId: admin.id });
    await drainLeaderboardQueue();
  });

  it("rank with standard competition ranking, ties shown in handle order, 50 to a page", async () => {
    const page = await getLeaderboardPage({ scope: `pack:${pack.id}` });
    expect(page.rows).toHaveLength(50);
    expect(page.hasNext).toBe(true);
    expect(page.rows.slice(0, 6).map((r) => [r.rank, r.handle, r.points, r.won])).toEqual([
      [1, "rank_00", 625, 2],
      [1, "rank_01", 625, 2],
      [3, "rank_02", 375, 1],
      [3, "rank_03", 375, 1],
      [5, "rank_04", 0, 0],
      [5, "rank_05", 0, 0],
    ]);
    const second = await getLeaderboardPage({ scope: `pack:${pack.id}`, page: 2 });
    expect(second.rows.map((r) => [r.rank, r.handle])).toEqual([
      [5, "rank_50"],
      [5, "rank_51"],
      [5, "rank_52"],
    ]);
    expect(second.hasNext).toBe(false);
  });

  it("always include the signed-in player's own row, even off the page", async () => {
    const page = await getLeaderboardPage({ scope: `pack:${pack.id}`, viewerProfileId: players[52]!.id });
    expect(page.rows.some((row) => row.isMe)).toBe(false);
    expect(page.me).toMatchObject({ rank: 5, handle: "rank_52", isMe: true, takes: 1 });
    const top = await getLeaderboardPage({ scope: `pack:${pack.id}`, viewerProfileId: players[1]!.id });
    expect(top.rows[1]).toMatchObject({ handle: "rank_01", isMe: true });
    expect(top.me).toMatchObject({ rank: 1, handle: "rank_01" });
  });

  it("the API answers with handles and numbers only, never a phone", async () => {
    const response = await GET(await apiRequest(`/api/leaderboard?scope=pack&key=${pack.packUrl}`, { as: players[3] }), routeParams({}));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 50, hasNext: true, me: { rank: 3, handle: "rank_03" } });
    expect(Object.keys(body.rows[0]).sort()).toEqual(["handle", "isMe", "lost", "points", "pushed", "rank", "takes", "won"]);
    expect(JSON.stringify(body)).not.toMatch(/\+1555/);
  });

  it("the API refuses unknown scopes and packs with clear errors", async () => {
    const unknown = await GET(await apiRequest("/api/leaderboard?scope=pack&key=no-such-pack"), routeParams({}));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: "Pack not found." });
    const bad = await GET(await apiRequest("/api/leaderboard?scope=planet"), routeParams({}));
    expect(bad.status).toBe(400);
  });
});
