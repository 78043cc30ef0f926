import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD_TIE_BREAK, PACK_WINNER_TIE_BREAK } from "@/domain/house-rules";
import { packScopeKey } from "@/domain/leaderboard-scope";
import { gradeProp } from "@/server/grading/grade-prop";
import { setPackWinners } from "@/server/grading/set-pack-winners";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { getPackPage } from "@/server/packs/get-pack-page";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { createPack, submitTakes } from "../helpers/grading-fixtures";

// The tie-break orders written on the boards and beside a pack's winner (src/domain/house-rules.ts)
// are the orders the board and the winner rule use: each step below separates two players level on
// every step before it (docs/PRODUCT.md §5 and §6).
beforeAll(createTestDb);
afterAll(closeTestDb);

describe("the written tie-break orders are the ones used", () => {
  it("orders a pack's board by points, then props won, then handle A to Z, sharing the rank of players level on both; the winner has more props won", async () => {
    expect(BOARD_TIE_BREAK.map((step) => step.toLowerCase())).toEqual([
      expect.stringContaining("points"),
      expect.stringContaining("props won"),
      expect.stringContaining("handle, a to z"),
    ]);
    expect(PACK_WINNER_TIE_BREAK.slice(0, 3).map((step) => step.toLowerCase())).toEqual([
      expect.stringContaining("points"),
      expect.stringContaining("props won"),
      expect.stringContaining("earliest final submission"),
    ]);

    const admin = await createProfile({ superAdmin: true });
    // Prop 1 side A at +150 pays 375; props 2-4 side B at -200 pay 125 each.
    const pack = await createPack({
      props: [{ sideAMoneyline: 150 }, { sideBMoneyline: -200 }, { sideBMoneyline: -200 }, { sideBMoneyline: -200 }],
    });
    const tag = randomBytes(3).toString("hex");
    const oneBigWin = await createProfile({ handle: `bb_big_${tag}` });
    const threeSmallWins = await createProfile({ handle: `cc_small_${tag}` });
    const zed = await createProfile({ handle: `zz_level_${tag}` });
    const abe = await createProfile({ handle: `aa_level_${tag}` });
    await submitTakes({ profile: oneBigWin, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T10:00:00Z") });
    await submitTakes({
      profile: threeSmallWins,
      pack,
      picks: [1, 2, 3].map((propIndex) => ({ propIndex, side: "B" as const })),
      at: new Date("2025-10-12T11:00:00Z"),
    });
    await submitTakes({ profile: zed, pack, picks: [{ propIndex: 1, side: "B" }], at: new Date("2025-10-12T09:00:00Z") });
    await submitTakes({ profile: abe, pack, picks: [{ propIndex: 2, side: "B" }], at: new Date("2025-10-12T12:00:00Z") });
    for (const [index, prop] of pack.props.entries())
      await gradeProp({ propId: prop.id, outcome: index === 0 ? "A" : "B", actorProfileId: admin.id });
    await drainLeaderboardQueue();

    const board = await getLeaderboardPage({ scope: packScopeKey(pack.id) });
    expect(board.rows.map((row) => [row.rank, row.handle, row.points, row.won])).toEqual([
      [1, threeSmallWins.handle, 375, 3], // level on points with bb_big: more props won comes first
      [2, oneBigWin.handle, 375, 1],
      [3, abe.handle, 125, 1], // level on points and props won: handle A to Z, one shared rank
      [3, zed.handle, 125, 1],
    ]);

    await setPackWinners({ packs: [{ packURL: pack.packUrl }], actorProfileId: admin.id });
    // The pack page shows the winner the rule chose, beside the rule's written order.
    expect((await getPackPage({ packURL: pack.packUrl })).winner).toEqual({ handle: threeSmallWins.handle, points: 375 });
  });

  it("gives the pack to the earliest final submission when points and props won are level", async () => {
    const admin = await createProfile({ superAdmin: true });
    const pack = await createPack({ props: [{}, {}] });
    const early = await createProfile();
    const late = await createProfile();
    await submitTakes({ profile: late, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T08:00:00Z") });
    await submitTakes({ profile: early, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T09:00:00Z") });
    // Late changes their picks after early's only submission: their final submission is the later one.
    await submitTakes({ profile: late, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T10:00:00Z") });
    for (const prop of pack.props) await gradeProp({ propId: prop.id, outcome: "A", actorProfileId: admin.id });
    await setPackWinners({ packs: [{ packURL: pack.packUrl }], actorProfileId: admin.id });
    expect((await getPackPage({ packURL: pack.packUrl })).winner).toEqual({ handle: early.handle, points: pack.props[0]!.sideAValue });
  });
});
