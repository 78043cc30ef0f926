// The profile page reads a player's history from their own rows and the
// maintained leaderboards, never from every pack or take of the season
// (docs/decisions/024-season-scale.md): what a player sees must still be right.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nyDay } from "@/domain/time";
import { gradeProp } from "@/server/grading/grade-prop";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getProfilePage, PACKS_SHOWN } from "@/server/profiles/get-profile-page";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, type TestProfile } from "../helpers/auth";
import { createPack, submitTakes } from "../helpers/grading-fixtures";

const DAY = 86_400_000;
let admin: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

describe("a player's profile", () => {
  it("charts points on the day each take was made and ends at the player's total", async () => {
    const player = await createProfile();
    const old = await createPack({ props: [{}] });
    const recent = await createPack({ props: [{}, {}] });
    // One win long before the chart's 90 days, two wins three days ago.
    await submitTakes({ profile: player, pack: old, picks: [{ propIndex: 0, side: "A" }], at: new Date(Date.now() - 200 * DAY) });
    await submitTakes({
      profile: player,
      pack: recent,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "B" },
      ],
      at: new Date(Date.now() - 3 * DAY),
    });
    await gradeProp({ propId: old.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    await gradeProp({ propId: recent.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    await gradeProp({ propId: recent.props[1]!.id, outcome: "B", actorProfileId: admin.id });
    await drainLeaderboardQueue();

    const page = (await getProfilePage({ handle: player.handle, viewerProfileId: player.id }))!;
    expect(page.hasGradedTakes).toBe(true);
    expect(page.stats.points).toBe(750);
    expect(page.chart).toHaveLength(90);
    expect(page.chart[0]!.total).toBe(250);
    const madeOn = nyDay(new Date(Date.now() - 3 * DAY));
    const index = page.chart.findIndex((point) => point.day === madeOn);
    expect(page.chart[index - 1]!.total).toBe(250);
    expect(page.chart[index]!.total).toBe(750);
    expect(page.chart.at(-1)).toEqual({ day: nyDay(new Date()), total: 750 });
  });

  it("a player with nothing graded yet sees no chart, and their pending pack in their history", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}, {}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 1, side: "A" }] });
    await drainLeaderboardQueue();
    const page = (await getProfilePage({ handle: player.handle, viewerProfileId: player.id }))!;
    expect(page.hasGradedTakes).toBe(false);
    expect(page.takeGroups.map((group) => group.packURL)).toEqual([pack.packUrl]);
    expect(page.takeGroups[0]!.takes).toHaveLength(1);
  });

  it("history pages by pack, newest first, then older ones to the very first, and never anybody else's", async () => {
    const player = await createProfile();
    const other = await createProfile();
    const packs: Awaited<ReturnType<typeof createPack>>[] = [];
    for (let n = 0; n < 32; n++) {
      const pack = await createPack({
        props: [{}],
        closeTime: new Date(Date.now() - (40 - n) * DAY),
        openTime: new Date(Date.now() - (41 - n) * DAY),
      });
      await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
      packs.push(pack);
    }
    const notMine = await createPack({ props: [{}] });
    await submitTakes({ profile: other, pack: notMine, picks: [{ propIndex: 0, side: "B" }] });

    const seen: string[][] = [];
    let before: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof getProfilePage>> = await getProfilePage({
        handle: player.handle,
        viewerProfileId: null,
        before,
      });
      seen.push(page!.takeGroups.map((group) => group.packURL));
      before = page!.olderCursor;
    } while (before && seen.length < 20);
    const fullPages = Math.floor(32 / PACKS_SHOWN);
    expect(seen.map((page) => page.length)).toEqual([...Array<number>(fullPages).fill(PACKS_SHOWN), 32 % PACKS_SHOWN].filter((n) => n > 0));
    expect(seen.flat()).toEqual(packs.reverse().map((pack) => pack.packUrl));
  });

  it("a forged history cursor shows the latest packs rather than failing", async () => {
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    const page = await getProfilePage({
      handle: player.handle,
      viewerProfileId: null,
      before: Buffer.from('["2026-02-31 00:00:00+00","6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f"]').toString("base64url"),
    });
    expect(page!.takeGroups.map((group) => group.packURL)).toEqual([pack.packUrl]);
  });
});
