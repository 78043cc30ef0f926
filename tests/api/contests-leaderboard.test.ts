import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { compareLeaderboardRows, competitionRanks } from "@/domain/ranking";
import { getDb, queryRows } from "@/server/db/client";
import { contestPacks, contests } from "@/server/db/schema";
import { getContestPage } from "@/server/contests/get-contest-page";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp, seededRandom, type FixtureResult } from "./contests-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

interface TakeFact {
  profileId: string;
  handle: string;
  packId: string;
  isCurrent: boolean;
  result: FixtureResult;
  points: number;
}

/**
 * The global leaderboard of docs/PRODUCT.md §6 computed independently in
 * TypeScript from every take, then restricted to some packs: one row per
 * current take, void takes in no record, ranked with the shared domain rules.
 */
function globalLeaderboardRestrictedTo(facts: TakeFact[], packIds: Set<string>) {
  const byProfile = new Map<string, { handle: string; points: number; won: number; lost: number; pushed: number; takes: number }>();
  for (const take of facts) {
    if (!take.isCurrent || !packIds.has(take.packId)) continue;
    const row = byProfile.get(take.profileId) ?? { handle: take.handle, points: 0, won: 0, lost: 0, pushed: 0, takes: 0 };
    row.points += take.points;
    if (take.result === "won") row.won++;
    if (take.result === "lost") row.lost++;
    if (take.result === "push") row.pushed++;
    if (take.result !== "void") row.takes++;
    byProfile.set(take.profileId, row);
  }
  const rows = [...byProfile.values()].filter((row) => row.takes > 0).sort(compareLeaderboardRows);
  return competitionRanks(rows);
}

async function allTakeFacts(): Promise<TakeFact[]> {
  return queryRows<TakeFact>(
    await getDb(),
    sql`select t.profile_id as "profileId", p.handle, t.pack_id as "packId", t.is_current as "isCurrent", t.result, t.points
        from takes t join profiles p on p.id = t.profile_id`,
  );
}

describe("the contest leaderboard", () => {
  let contestId: string;
  let contestPackIds: Set<string>;
  let players: TestProfile[];

  beforeAll(async () => {
    const db = await getDb();
    const random = seededRandom(20251120);
    const inContest = [await createPack(), await createPack({ league: "mlb" })];
    const outside = await createPack();
    const allPacks = [...inContest, outside];
    const propsByPack = await Promise.all(
      allPacks.map(async (pack) => [await createProp(pack), await createProp(pack), await createProp(pack)]),
    );
    players = [];
    for (let i = 0; i < 57; i++) players.push(await createProfile({ handle: `lb_player_${String(i).padStart(2, "0")}` }));

    const results: FixtureResult[] = ["won", "won", "lost", "lost", "push", "void"];
    for (const [index, player] of players.entries()) {
      for (const packProps of propsByPack) {
        for (const prop of packProps) {
          if (random() < 0.25) continue;
          // A handful of players have identical records, so ranks tie (1, 2, 2, 4).
          const result =
            index < 6 ? (["won", "lost", "won"] as const)[packProps.indexOf(prop)]! : results[Math.floor(random() * results.length)]!;
          const points =
            result === "won" ? (index < 6 ? 250 : [167, 227, 250, 375][Math.floor(random() * 4)]!) : result === "push" ? 100 : 0;
          if (random() < 0.1) await addTake({ profile: player, prop, result: "won", points: 999, current: false });
          await addTake({ profile: player, prop, result, points });
        }
      }
    }
    const [contest] = await db.insert(contests).values({ slug: "leaderboard-cup", title: "Leaderboard Cup" }).returning();
    contestId = contest!.id;
    await db.insert(contestPacks).values(inContest.map((pack) => ({ contestId, packId: pack.id })));
    contestPackIds = new Set(inContest.map((pack) => pack.id));
    // The worker folds take changes into the maintained aggregates; here, at once.
    await drainLeaderboardQueue();
  });

  it("equals the global leaderboard restricted to the contest's packs, rank for rank", async () => {
    const expected = globalLeaderboardRestrictedTo(await allTakeFacts(), contestPackIds);
    expect(expected.length).toBeGreaterThan(50);
    const page1 = await getContestPage({ contestID: "leaderboard-cup", page: 1 });
    const page2 = await getContestPage({ contestID: contestId, page: 2 });
    expect(page1.leaderboard.hasNext).toBe(true);
    expect(page2.leaderboard.hasNext).toBe(false);
    const actual = [...page1.leaderboard.rows, ...page2.leaderboard.rows].map(({ isMe: _isMe, ...row }) => row);
    expect(actual).toEqual(
      expected.map((row) => ({
        rank: row.rank,
        handle: row.handle,
        points: row.points,
        won: row.won,
        lost: row.lost,
        pushed: row.pushed,
        takes: row.takes,
      })),
    );
  });

  it("shares ranks between equal records and skips the next (1, 2, 2, 4)", async () => {
    const rows = (await getContestPage({ contestID: "leaderboard-cup" })).leaderboard.rows;
    const ranks = rows.map((row) => row.rank);
    for (let i = 1; i < rows.length; i++) {
      const tied = rows[i]!.points === rows[i - 1]!.points && rows[i]!.won === rows[i - 1]!.won;
      expect(ranks[i]).toBe(tied ? ranks[i - 1] : i + 1);
    }
    expect(new Set(ranks).size).toBeLessThan(ranks.length);
  });

  it("pins the viewer's own row even when it is on another page", async () => {
    const expected = globalLeaderboardRestrictedTo(await allTakeFacts(), contestPackIds);
    const last = expected.at(-1)!;
    const viewer = players.find((player) => player.handle === last.handle)!;
    const page = await getContestPage({ contestID: "leaderboard-cup", page: 1, viewerProfileId: viewer.id });
    expect(page.leaderboard.rows.some((row) => row.isMe)).toBe(false);
    expect(page.leaderboard.me).toMatchObject({ handle: last.handle, rank: last.rank, points: last.points, isMe: true });
  });

  it("names the winner once every pack of the contest is graded, and not before", async () => {
    const expected = globalLeaderboardRestrictedTo(await allTakeFacts(), contestPackIds);
    const winners = expected
      .filter((row) => row.rank === 1)
      .map((row) => row.handle)
      .sort();
    const graded = await getContestPage({ contestID: "leaderboard-cup" });
    expect(graded.contest.status).toBe("graded");
    expect(graded.contest.winners).toEqual(winners);

    const db = await getDb();
    const [onePack] = [...contestPackIds];
    await db.execute(sql`update packs set status = 'live' where id = ${onePack}`);
    const live = await getContestPage({ contestID: "leaderboard-cup" });
    expect(live.contest.winners).toEqual([]);
    expect(live.contest.status).not.toBe("graded");
    await db.execute(sql`update packs set status = 'graded' where id = ${onePack}`);
  });
});
