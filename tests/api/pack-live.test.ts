// Game day on a pack (issue 37 items 4 and 5, docs/decisions/053-game-day-live.md): a player's
// provisional points and rank, and the rooting guide, follow the score; nothing reaches the boards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { GET as packLiveRoute } from "@/app/api/packs/[packURL]/live/route";
import { getDb } from "@/server/db/client";
import { events, h2hChallenges, props, receipts, takes } from "@/server/db/schema";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";

let pack: TestPack;
let eventId: string;
let me: TestProfile;
let sam: TestProfile;
let kim: TestProfile;
const prop = { whoWins: "", total: "", earlier: "" };

/** Side A of "who wins" is the home team (180 points); side B the visitors (320). */
async function pickAll(player: TestProfile, picks: Array<[string, "A" | "B", number]>) {
  const db = await getDb();
  const receiptId = `r${player.id.replaceAll("-", "").slice(0, 12)}`;
  await db.insert(receipts).values({ id: receiptId, profileId: player.id, packId: pack.id, idempotencyKey: receiptId });
  for (const [propId, side, value] of picks)
    await db.insert(takes).values({ profileId: player.id, propId, packId: pack.id, receiptId, side, lockedValue: value });
}

async function score(home: number, away: number) {
  const db = await getDb();
  await db
    .update(events)
    .set({
      status: "in_progress",
      liveState: "in_progress",
      homeScore: home,
      awayScore: away,
      liveVersion: sql`nextval('events_live_version_seq')`,
    })
    .where(eq(events.id, eventId));
}

async function gameDay(player: TestProfile) {
  const response = await packLiveRoute(
    await apiRequest(`/api/packs/${pack.packURL}/live`, { as: player }),
    routeParams({ packURL: pack.packURL }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** Standings are shared and recomputed at most every 2 s per pack: a reading after a change waits that out. */
const afterRecompute = () => new Promise((resolve) => setTimeout(resolve, 2_100));

beforeAll(async () => {
  await createTestDb();
  pack = await createTestPack({ props: 3, closeTime: new Date(Date.now() - 60_000), eventStart: new Date(Date.now() - 60 * 60_000) });
  eventId = pack.eventIds[0]!;
  [prop.whoWins, prop.total, prop.earlier] = pack.props.map((p) => p.id) as [string, string, string];
  const db = await getDb();
  await db
    .update(props)
    .set({ eventId, status: "closed", gradingRule: "who_wins", gradingParams: { homeSide: "A" }, sideAShort: "LAC", sideBShort: "TB" })
    .where(eq(props.id, prop.whoWins));
  await db
    .update(props)
    .set({ eventId, status: "closed", gradingRule: "total_over_under", gradingParams: { line: 44.5, overSide: "A" } })
    .where(eq(props.id, prop.total));
  me = await createProfile({ handle: "me_fan" });
  sam = await createProfile({ handle: "sam" });
  kim = await createProfile({ handle: "kim" });
  // Everyone pushed the first-half prop except sam, who won it: sam leads by 200 before the game.
  await db.update(props).set({ status: "gradedA" }).where(eq(props.id, prop.earlier));
  await pickAll(me, [
    [prop.whoWins, "B", 320],
    [prop.total, "A", 250],
    [prop.earlier, "B", 200],
  ]);
  await pickAll(sam, [
    [prop.whoWins, "A", 180],
    [prop.total, "A", 250],
    [prop.earlier, "A", 200],
  ]);
  await pickAll(kim, [
    [prop.whoWins, "A", 180],
    [prop.total, "B", 250],
    [prop.earlier, "B", 200],
  ]);
  await db
    .update(takes)
    .set({ result: "won", points: 200, tokensCents: 1000 })
    .where(sql`${takes.propId} = ${prop.earlier} and ${takes.side} = 'A'`);
  await db
    .update(takes)
    .set({ result: "lost" })
    .where(sql`${takes.propId} = ${prop.earlier} and ${takes.side} = 'B'`);
});
afterAll(closeTestDb);

describe("a pack on game day", () => {
  it("has nothing provisional, and no error, before any of the pack's games has been read live", async () => {
    // The pack's game has no live state yet (no reading at all): the demo world's packs before kickoff.
    expect(await gameDay(me)).toEqual({ success: true, provisional: null, above: null, below: null, rooting: [] });
  });

  it("tells the player what to root for to pass the player just above, and where they stand if it ended now", async () => {
    // The home side leads 10-7: sam's and kim's home picks are winning, mine is losing; 17 points is
    // under 44.5, which only kim took. kim 430, sam 380, me 0.
    await score(10, 7);
    const day = await gameDay(me);
    expect(day.provisional).toEqual({ points: 0, rank: 3, of: 3 });
    expect(day.above).toEqual({ handle: "sam", points: 200 + 180 });
    expect(day.below).toBeNull();
    // Root for TB: +320 if they win, and sam's home pick (180 of his 380 now) then pays nothing:
    // 320 against 200 passes him. The total is no line: sam took the over too.
    expect(day.rooting).toEqual([
      expect.objectContaining({ propId: prop.whoWins, root: "TB", points: 320, winningNow: false, passes: "sam", passedBy: null }),
    ]);
  });

  it("changes the guide and the rank when the lead changes", async () => {
    await afterRecompute();
    // The visitors lead 28-24: my TB pick pays 320 and the total (52) is over for me and sam.
    await score(24, 28);
    const day = await gameDay(me);
    expect(day.provisional).toEqual({ points: 320 + 250, rank: 1, of: 3 });
    expect(day.above).toBeNull();
    expect(day.below).toEqual({ handle: "sam", points: 200 + 250 });
    // If TB loses instead, sam's side (the home team, 180) passes me.
    expect(day.rooting).toEqual([expect.objectContaining({ propId: prop.whoWins, root: "TB", winningNow: true, passedBy: "sam" })]);
    // And sam is told the same game from his side: root for the home team, +180, and he passes me;
    // and the over, where kim just below him took the under: if it goes under, sam keeps 200 and
    // kim has 250, so kim passes him.
    const samsDay = await gameDay(sam);
    expect(samsDay.provisional).toEqual({ points: 450, rank: 2, of: 3 });
    expect(samsDay.rooting).toEqual([
      expect.objectContaining({ propId: prop.whoWins, root: "LAC", points: 180, winningNow: false, passes: "me_fan", passedBy: null }),
      expect.objectContaining({ propId: prop.total, points: 250, winningNow: true, passes: null, passedBy: "kim" }),
    ]);
  });

  it("keeps what a player sees of others to the players next to them, and refuses visitors", async () => {
    // kim is last now (0), sam just above; me, first, is not kim's neighbour and is not named.
    const day = await gameDay(kim);
    expect(day.above.handle).toBe("sam");
    expect(JSON.stringify(day)).not.toContain("me_fan");
    const visitor = await packLiveRoute(await apiRequest(`/api/packs/${pack.packURL}/live`), routeParams({ packURL: pack.packURL }));
    expect(visitor.status).toBe(401);
  });

  it("names a head-to-head opponent on the pack, whether or not they sit next to the player", async () => {
    const db = await getDb();
    await db
      .insert(h2hChallenges)
      .values({ packId: pack.id, challengerProfileId: me.id, challengedProfileId: kim.id, status: "accepted", acceptedAt: new Date() });
    await afterRecompute();
    // The home side leads 24-20, 44 points is under: kim 430 (LAC and the under), sam 380, me 0.
    await score(24, 20);
    const day = await gameDay(me);
    expect(day.provisional).toEqual({ points: 0, rank: 3, of: 3 });
    // TB would give me 320 and take kim's 180 and sam's 180: I pass sam (200) and kim (250). The
    // over would give me 250 and take kim's 250: I pass kim (180), though she is not next to me.
    expect(day.rooting).toEqual([
      expect.objectContaining({ propId: prop.whoWins, root: "TB", passes: "sam", rivalsPassed: ["kim"], rivalsPassing: [] }),
      expect.objectContaining({ propId: prop.total, passes: null, rivalsPassed: ["kim"], rivalsPassing: [] }),
    ]);
    // kim, first, is told what lets me (her opponent, last on the board) pass her.
    const kimsDay = await gameDay(kim);
    expect(kimsDay.provisional).toEqual({ points: 430, rank: 1, of: 3 });
    expect(kimsDay.rooting).toEqual([
      expect.objectContaining({ propId: prop.whoWins, root: "LAC", rivalsPassed: [], rivalsPassing: ["me_fan"] }),
      expect.objectContaining({ propId: prop.total, passedBy: "sam", rivalsPassed: [], rivalsPassing: ["me_fan"] }),
    ]);
    // sam has no head-to-head here: the opponents of others are not his business.
    expect(
      (await gameDay(sam)).rooting.flatMap((line: { rivalsPassed: string[]; rivalsPassing: string[] }) => [
        ...line.rivalsPassed,
        ...line.rivalsPassing,
      ]),
    ).toEqual([]);
  });

  it("keeps the final reading provisional for an hour, then has nothing provisional while none of the pack's games is on", async () => {
    const db = await getDb();
    const finalRead = async (minutesAgo: number) =>
      db
        .update(events)
        .set({
          liveState: "final",
          scoreReadAt: new Date(Date.now() - minutesAgo * 60_000),
          liveVersion: sql`nextval('events_live_version_seq')`,
        })
        .where(eq(events.id, eventId));
    await afterRecompute();
    await finalRead(5);
    // Still 24-20 and under: my picks lose, kim (430) and sam (380) stay ahead.
    expect((await gameDay(me)).provisional).toEqual({ points: 0, rank: 3, of: 3 });
    await finalRead(90);
    expect(await gameDay(me)).toEqual({ success: true, provisional: null, above: null, below: null, rooting: [] });
  });
});
