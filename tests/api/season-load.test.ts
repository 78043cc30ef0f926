// The season loader (src/server/db/season.ts, `npm run db:seed -- --season`):
// a consistent world at any size, next to the demo one, whose open packs the
// feed lists however much history sits behind them (issue 20).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { loadSeason, PROPS_PER_SEASON_PACK, SEASON_HEAVY_HANDLE, SEASON_SIZES } from "@/server/db/season";
import { seedDemoData } from "@/server/db/seed";
import { teams as teamsTable } from "@/server/db/schema";
import { listPacks } from "@/server/packs/list-packs";
import { getTeamPage } from "@/server/teams/get-team-page";
import { routeSlugOf } from "@/server/teams/team-route-slug";
import { GET as listPacksRoute } from "@/app/api/packs/route";
import { POST as submitTakesRoute } from "@/app/api/packs/[packURL]/takes/route";
import { apiRequest, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";

const NOW = new Date();
// More graded packs than any list's fixed limit ever was (500), few players: quick on the embedded database.
const size = { ...SEASON_SIZES.tiny, gradedPacks: 600, openPacks: 6, players: 40, playersPerPack: 3 };
const seasonPacks = size.gradedPacks + size.openPacks;

beforeAll(async () => {
  await createTestDb();
  await seedDemoData(await getDb(), { now: NOW });
});
afterAll(closeTestDb);

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(await getDb(), query))[0]!;

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

  it("a season player can change their picks on an open season pack through the API", async () => {
    const db = await getDb();
    const [player] = await queryRows<{ id: string; handle: string; phone: string }>(
      db,
      sql`select id, handle, phone from profiles where handle = ${SEASON_HEAVY_HANDLE}`,
    );
    const [pack] = await queryRows<{ pack_url: string }>(
      db,
      sql`select pack_url from packs where pack_url like 'season-%' and status = 'open' order by close_time limit 1`,
    );
    const props = await queryRows<{ id: string }>(
      db,
      sql`select pr.id from props pr join packs p on p.id = pr.pack_id where p.pack_url = ${pack!.pack_url} order by pr.position`,
    );
    const response = await submitTakesRoute(
      await apiRequest(`/api/packs/${pack!.pack_url}/takes`, {
        as: { ...player!, superAdmin: false } as TestProfile,
        body: { takes: props.map((prop) => ({ propId: prop.id, side: "B" })), idempotencyKey: "season-test-1" },
      }),
      routeParams({ packURL: pack!.pack_url }),
    );
    expect(response.status).toBe(200);
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

  it("every team page lists all of the team's open packs, its five latest results and its board's top ten", async () => {
    const db = await getDb();
    const teams = await queryRows<{ id: string; open_packs: string[] }>(
      db,
      sql`
      select t.id, array_agg(p.pack_url order by p.pack_url) as open_packs
      from teams t join events e on t.id in (e.home_team_id, e.away_team_id)
      join pack_events pe on pe.event_id = e.id join packs p on p.id = pe.pack_id
      where p.status = 'open' and p.pack_url like 'season-%'
      group by t.id`,
    );
    expect(teams.length).toBeGreaterThan(0);
    for (const team of teams) {
      const [row] = await db.select().from(teamsTable).where(eq(teamsTable.id, team.id));
      const teamSlug = await routeSlugOf(db, row!);
      const page = (await getTeamPage({ teamSlug }))!;
      // The team page's feed: every open pack of the team, as the dashboard's ?team= lists them (app/_feed/pack-feed.tsx).
      const feed = await listPacks({ teamSlug, frontDay: null, phases: ["open"], now: NOW, limit: 200 });
      const openPacks = typeof team.open_packs === "string" ? (team.open_packs as string).replace(/[{}]/g, "").split(",") : team.open_packs;
      expect(
        feed
          .map((pack) => pack.packURL)
          .filter((url) => url.startsWith("season-"))
          .sort(),
      ).toEqual([...openPacks].sort());
      expect(page.recentResults).toHaveLength(5);
      const closes = page.recentResults.map((pack) => pack.closeTime!);
      expect(closes).toEqual([...closes].sort().reverse());
      expect(page.leaderboard.rows.length).toBeLessThanOrEqual(10);
      expect(page.leaderboard.rows[0]!.rank).toBe(1);
      const [board] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from leaderboard_totals where scope = ${`team:${team.id}`}`,
      );
      expect(page.leaderboard.participants).toBe(Number(board!.n));
    }
  });

  it("the feed lists every open season pack and last week's graded ones, not the season behind them", async () => {
    const feed = await listPacks({ now: NOW });
    const open = feed.filter((p) => p.packURL.startsWith("season-") && p.status === "open");
    expect(open).toHaveLength(size.openPacks);
    const graded = feed.filter((p) => p.packURL.startsWith("season-") && p.status === "graded");
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.length).toBeLessThan(size.gradedPacks);
    expect(open[0]).toMatchObject({ propsCount: PROPS_PER_SEASON_PACK, takeCount: (size.playersPerPack + 1) * PROPS_PER_SEASON_PACK });

    const api = await listPacksRoute(await apiRequest("/api/packs?view=Open"), routeParams({}));
    const listed = ((await api.json()) as { packs: Array<{ packURL: string }> }).packs.map((pack) => pack.packURL);
    expect(listed.filter((url) => url.startsWith("season-"))).toHaveLength(size.openPacks);
  });
});
