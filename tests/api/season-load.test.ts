// The season loader (src/server/db/season.ts, `npm run db:seed -- --season`):
// a consistent world at any size, next to the demo one, whose open packs the
// feed lists however much history sits behind them (issue 20).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { loadSeason, PROPS_PER_SEASON_PACK, SEASON_HEAVY_HANDLE, SEASON_SIZES } from "@/server/db/season";
import { seedDemoData } from "@/server/db/seed";
import { listPacks } from "@/server/packs/list-packs";
import { closeTestDb, createTestDb } from "../helpers/db";

const NOW = new Date("2026-10-04T16:00:00Z");
const size = SEASON_SIZES.tiny;
const seasonPacks = size.gradedPacks + size.openPacks;

beforeAll(async () => {
  await createTestDb();
  await seedDemoData(await getDb(), { now: NOW });
});
afterAll(closeTestDb);

const one = async <T,>(query: ReturnType<typeof sql>) => (await queryRows<T>(await getDb(), query))[0]!;

describe("loading a season", () => {
  it("loads next to the demo world once and refuses a second season", async () => {
    const result = await loadSeason(await getDb(), size, { now: NOW });
    expect(result).toMatchObject({ loaded: true });
    expect(result.counts).toMatchObject({ "graded packs": size.gradedPacks, "open packs": size.openPacks });
    expect(await loadSeason(await getDb(), size, { now: NOW })).toMatchObject({ loaded: false, reason: "a season is already loaded" });
  });

  it("every season pack has eight props, one game and the heavy player plus its own players", async () => {
    const shape = await one<{ packs: number; props: number; games: number; receipts: number; takes: number }>(sql`
      select count(distinct p.id)::int as packs, count(distinct pr.id)::int as props, count(distinct pe.event_id)::int as games,
             (select count(*)::int from receipts r join packs p2 on p2.id = r.pack_id where p2.pack_url like 'season-%') as receipts,
             (select count(*)::int from takes t join packs p3 on p3.id = t.pack_id where p3.pack_url like 'season-%') as takes
      from packs p join props pr on pr.pack_id = p.id join pack_events pe on pe.pack_id = p.id
      where p.pack_url like 'season-%'`);
    expect(shape).toEqual({
      packs: seasonPacks,
      props: seasonPacks * PROPS_PER_SEASON_PACK,
      games: seasonPacks,
      receipts: seasonPacks * (size.playersPerPack + 1),
      takes: seasonPacks * (size.playersPerPack + 1) * PROPS_PER_SEASON_PACK,
    });
    const heavy = await one<{ packs: number }>(sql`
      select count(distinct r.pack_id)::int as packs from receipts r join profiles pr on pr.id = r.profile_id
      where pr.handle = ${SEASON_HEAVY_HANDLE}`);
    expect(heavy.packs).toBe(seasonPacks);
  });

  it("graded takes are paid exactly as grading pays them and the leaderboards add up", async () => {
    const paid = await one<{ unpaid: number; wrong: number; pending_on_graded: number }>(sql`
      select count(*) filter (where t.tokens_cents > 0 and l.id is null)::int as unpaid,
             count(*) filter (where l.id is not null and l.amount_cents <> t.points * 5)::int as wrong,
             count(*) filter (where pr.status <> 'open' and t.result = 'pending')::int as pending_on_graded
      from takes t join props pr on pr.id = t.prop_id
      left join token_ledger l on l.take_id = t.id and l.kind = 'take_payout'
      where t.pack_id in (select id from packs where pack_url like 'season-%')`);
    expect(paid).toEqual({ unpaid: 0, wrong: 0, pending_on_graded: 0 });

    const board = await one<{ from_takes: number; from_board: number }>(sql`
      select (select sum(points)::int from takes t join profiles p on p.id = t.profile_id where p.handle = ${SEASON_HEAVY_HANDLE} and t.is_current) as from_takes,
             (select lt.points from leaderboard_totals lt join profiles p on p.id = lt.profile_id where p.handle = ${SEASON_HEAVY_HANDLE} and lt.scope = 'all') as from_board`);
    expect(board.from_board).toBe(board.from_takes);
    const counts = await one<{ counted: number; takes: number }>(sql`
      select (select sum(takes)::int from prop_take_counts) as counted,
             (select count(*)::int from takes where is_current and result <> 'void') as takes`);
    expect(counts.counted).toBe(counts.takes);
  });

  it("the schema is whole again after the load: the takes' keys and indexes are back", async () => {
    const restored = await one<{ keys: number; indexes: number }>(sql`
      select (select count(*)::int from pg_constraint where conrelid = 'takes'::regclass and contype = 'f') as keys,
             (select count(*)::int from pg_indexes where tablename = 'takes') as indexes`);
    expect(restored).toEqual({ keys: 2, indexes: 5 });
    const [profile] = await queryRows<{ id: string }>(await getDb(), sql`select id from profiles where handle = ${SEASON_HEAVY_HANDLE}`);
    await expect(
      (await getDb()).execute(sql`insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value)
        select ${profile!.id}, id, pack_id, 'nonexistent1', 'A', 250 from props limit 1`),
    ).rejects.toThrow();
  });

  it("the feed lists every open season pack and last week's graded ones, not the season behind them", async () => {
    const feed = await listPacks({ now: NOW });
    const open = feed.filter((p) => p.packURL.startsWith("season-") && p.status === "open");
    expect(open).toHaveLength(size.openPacks);
    const graded = feed.filter((p) => p.packURL.startsWith("season-") && p.status === "graded");
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.length).toBeLessThan(size.gradedPacks);
    expect(open[0]).toMatchObject({ propsCount: PROPS_PER_SEASON_PACK, takeCount: (size.playersPerPack + 1) * PROPS_PER_SEASON_PACK });
  });
});
