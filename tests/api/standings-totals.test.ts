import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { fixPick } from "@/server/takes/fix-pick";
import { bulkMoveClose } from "@/server/authoring/bulk-move-close";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { rebuildLeaderboardTotals } from "@/server/leaderboards/rebuild-leaderboard-totals";
import { readStandings } from "@/server/standings/read-standings";
import { seasonYearOf } from "@/domain/leaderboard-scope";
import { standingsWeekStart } from "@/domain/standings";
import { nyDay } from "@/domain/time";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, type TestProfile } from "../helpers/auth";
import { createPack, submitTakes, type TestPack } from "../helpers/grading-fixtures";

// The league standings' maintained season and week totals (docs/decisions/062-league-standings.md,
// "Maintained season and week totals") against the same sums worked out from scratch here, in
// TypeScript, from the current takes, the receipts and each pack's close as it stands: the week and
// season of a pack come from src/domain/standings.ts, not from the SQL that keys the totals.
beforeAll(createTestDb);
afterAll(closeTestDb);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Totals = Record<string, { points: number; won: number; lost: number; pushed: number; takes: number; last: string | null }>;

/** Every standings scope row, maintained: `scope|profile` → totals and last receipt time. */
async function maintained(): Promise<Totals> {
  const rows = await queryRows<{
    scope: string;
    profile_id: string;
    points: number;
    won: number;
    lost: number;
    pushed: number;
    takes: number;
    last: Date | string | null;
  }>(
    await getDb(),
    sql`select lt.scope, lt.profile_id, lt.points, lt.won, lt.lost, lt.pushed, lt.takes, s.last_submitted_at as last
        from leaderboard_totals lt
        left join standings_last_receipts s on s.scope = lt.scope and s.profile_id = lt.profile_id
        where lt.scope like 'standings:%' and lt.takes > 0`,
  );
  return Object.fromEntries(
    rows.map((r) => [
      `${r.scope}|${r.profile_id}`,
      {
        points: Number(r.points),
        won: Number(r.won),
        lost: Number(r.lost),
        pushed: Number(r.pushed),
        takes: Number(r.takes),
        last: r.last === null ? null : new Date(r.last).toISOString(),
      },
    ]),
  );
}

/** The same, summed from scratch over current takes and receipts of league packs that count (not draft or archived). */
async function fromScratch(): Promise<Totals> {
  const db = await getDb();
  const packRows = await queryRows<{ id: string; league: string | null; status: string; day: Date | string }>(
    db,
    sql`select id, league, status, coalesce(close_time, open_time, created_at) as day from packs`,
  );
  const keysOf = new Map<string, string[]>();
  for (const pack of packRows) {
    if (!pack.league || pack.status === "draft" || pack.status === "archived") continue;
    const day = nyDay(new Date(pack.day));
    keysOf.set(pack.id, [
      `standings:${pack.league}:season:${seasonYearOf(day)}`,
      `standings:${pack.league}:week:${standingsWeekStart(pack.league, day)}`,
    ]);
  }
  const takeRows = await queryRows<{ profile_id: string; pack_id: string; points: number; result: string }>(
    db,
    sql`select profile_id, pack_id, points, result from takes where is_current`,
  );
  const out: Totals = {};
  for (const take of takeRows) {
    for (const scope of keysOf.get(take.pack_id) ?? []) {
      const row = (out[`${scope}|${take.profile_id}`] ??= { points: 0, won: 0, lost: 0, pushed: 0, takes: 0, last: null });
      row.points += Number(take.points);
      row.won += take.result === "won" ? 1 : 0;
      row.lost += take.result === "lost" ? 1 : 0;
      row.pushed += take.result === "push" ? 1 : 0;
      row.takes += take.result === "void" ? 0 : 1;
    }
  }
  const receiptRows = await queryRows<{ profile_id: string; pack_id: string; created_at: Date | string }>(
    db,
    sql`select profile_id, pack_id, created_at from receipts`,
  );
  for (const receipt of receiptRows) {
    for (const scope of keysOf.get(receipt.pack_id) ?? []) {
      const row = out[`${scope}|${receipt.profile_id}`];
      const at = new Date(receipt.created_at).toISOString();
      if (row && (row.last === null || at > row.last)) row.last = at;
    }
  }
  for (const [key, row] of Object.entries(out)) if (row.takes === 0) delete out[key];
  return out;
}

async function expectInStep() {
  await drainLeaderboardQueue();
  const scratch = await fromScratch();
  expect(await maintained()).toEqual(scratch);
  return scratch;
}

let admin: TestProfile;
let players: TestProfile[];
let graded: TestPack;
let upcoming: TestPack;

describe("maintained league standings totals", () => {
  beforeAll(async () => {
    admin = await createProfile({ superAdmin: true });
    players = [await createProfile(), await createProfile(), await createProfile()];
    // Closed an hour ago (ready to grade), and one closing in two days (a close that can still move).
    graded = await createPack({ league: "mlb", props: [{ sideAMoneyline: 150 }, {}, { sideAMoneyline: -200 }] });
    upcoming = await createPack({ league: "mlb", props: [{}, {}], closeTime: new Date(Date.now() + 2 * DAY) });
  });

  it("equal the sum from scratch once picks are made, including a changed pick's later receipt", async () => {
    for (const [index, player] of players.entries()) {
      const at = new Date(Date.now() - (10 - index) * HOUR);
      await submitTakes({
        profile: player,
        pack: graded,
        picks: [0, 1, 2].map((propIndex) => ({ propIndex, side: index % 2 ? "B" : "A" })),
        at,
      });
      await submitTakes({ profile: player, pack: upcoming, picks: [{ propIndex: 0, side: "A" }], at });
    }
    const changed = new Date(Date.now() - 2 * HOUR);
    await submitTakes({ profile: players[0]!, pack: graded, picks: [{ propIndex: 1, side: "B" }], at: changed });
    const scratch = await expectInStep();
    const season = `standings:mlb:season:${seasonYearOf(nyDay(new Date(Date.now() - HOUR)))}`;
    expect(scratch[`${season}|${players[0]!.id}`]).toMatchObject({ takes: 4, last: changed.toISOString() });
  });

  it("equal it after grading and after a re-grade", async () => {
    for (const [index, prop] of graded.props.entries()) {
      await gradeProp({ propId: prop.id, outcome: index === 1 ? "push" : "A", actorProfileId: admin.id });
    }
    const afterGrade = await expectInStep();
    const season = `standings:mlb:season:${seasonYearOf(nyDay(new Date(Date.now() - HOUR)))}`;
    expect(afterGrade[`${season}|${players[0]!.id}`]?.won).toBe(2);
    await gradeProp({ propId: graded.props[0]!.id, outcome: "B", actorProfileId: admin.id });
    const afterRegrade = await expectInStep();
    expect(afterRegrade[`${season}|${players[0]!.id}`]?.won).toBe(1);
    expect(afterRegrade[`${season}|${players[1]!.id}`]?.won).toBe(1);
  });

  it("equal it after a commissioner's pick fix", async () => {
    await fixPick({
      profileId: players[2]!.id,
      propId: graded.props[2]!.id,
      side: "B",
      reason: "Entered the wrong side",
      idempotencyKey: "standings-totals-fix",
      actorProfileId: admin.id,
    });
    await expectInStep();
  });

  it("move a pack's rows to its new week when a bulk move puts its close in another week", async () => {
    const before = await expectInStep();
    const oldWeek = standingsWeekStart("mlb", nyDay(new Date(Date.now() + 2 * DAY)));
    const newClose = new Date(Date.now() + 16 * DAY);
    const newWeek = standingsWeekStart("mlb", nyDay(newClose));
    const takesBefore = before[`standings:mlb:week:${oldWeek}|${players[1]!.id}`]?.takes ?? 0;
    expect(takesBefore).toBeGreaterThan(0);
    const answer = await bulkMoveClose({
      target: "packs",
      ids: [upcoming.id],
      mode: "set",
      closeTime: newClose,
      dryRun: false,
      actorProfileId: admin.id,
    });
    expect(answer.moved).toBe(1);
    const after = await expectInStep();
    expect(after[`standings:mlb:week:${oldWeek}|${players[1]!.id}`]?.takes ?? 0).toBe(takesBefore - 1);
    expect(after[`standings:mlb:week:${newWeek}|${players[1]!.id}`]?.takes).toBe(1);
    const page = await readStandings({
      set: { kind: "league", league: "mlb", season: seasonYearOf(newWeek), week: newWeek },
      order: ["won", "earliest"],
    });
    expect(page.total).toBe(3);
    expect(page.rows.every((row) => row.picks === 1 && row.lastSubmittedAt !== null)).toBe(true);
  });

  it("move graded rows to another season when a close is edited across seasons, and drop them when the pack is archived or deleted", async () => {
    const db = await getDb();
    await db
      .update(packs)
      .set({ openTime: new Date("2023-07-03T18:00:00Z"), closeTime: new Date("2023-07-04T18:00:00Z") })
      .where(eq(packs.id, graded.id));
    const moved = await expectInStep();
    expect(moved[`standings:mlb:season:2023|${players[0]!.id}`]?.takes).toBe(3);
    await db.update(packs).set({ status: "archived" }).where(eq(packs.id, upcoming.id));
    await expectInStep();
    await db.update(packs).set({ status: "live" }).where(eq(packs.id, upcoming.id));
    await expectInStep();
    const doomed = await createPack({ league: "nfl", props: [{}] });
    await submitTakes({ profile: players[0]!, pack: doomed, picks: [{ propIndex: 0, side: "A" }] });
    expect(Object.keys(await expectInStep()).some((key) => key.startsWith("standings:nfl:"))).toBe(true);
    await db.delete(packs).where(eq(packs.id, doomed.id));
    expect(Object.keys(await expectInStep()).some((key) => key.startsWith("standings:nfl:"))).toBe(false);
  });

  it("are the same after a full rebuild of the leaderboards", async () => {
    const drained = await expectInStep();
    await rebuildLeaderboardTotals();
    expect(await maintained()).toEqual(drained);
  });
});
