import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { seedDemoData } from "@/server/db/seed";
import { listAdminTeams } from "@/server/events/list-admin-teams";
import { listPacks } from "@/server/packs/list-packs";
import { closeTestDb, createTestDb } from "../helpers/db";

// The NFL and MLB both have Giants and Cardinals; a team's page is /teams/giants for the NFL club
// and /teams/mlb-giants for the MLB one (docs/decisions/070-team-route-slugs.md). Links on pack
// cards and in the admin's teams table used the bare slug, so the MLB Giants led to the NFL page.

beforeAll(async () => {
  const db = (await createTestDb()).db;
  expect(await seedDemoData(db)).toMatchObject({ seeded: true });
  // A pack on the demo's Dodgers at (San Francisco) Giants game.
  await db.execute(sql`
    with pack as (
      insert into packs (pack_url, title, league, status, open_time, close_time)
      values ('dodgers-giants', 'Dodgers at Giants', 'mlb', 'open', now() - interval '1 hour', now() + interval '1 day')
      returning id)
    insert into pack_events (pack_id, event_id)
    select pack.id, e.id from pack, events e where e.short_name = 'LAD @ SF'`);
});
afterAll(closeTestDb);

describe("team links of same-named clubs", () => {
  it("a pack card's MLB Giants chip leads to /teams/mlb-giants, the NFL Giants' to /teams/giants", async () => {
    const feed = await listPacks({});
    const mlb = feed.find((p) => p.packURL === "dodgers-giants")!;
    expect(mlb.teams.map((t) => t.slug).sort()).toEqual(["dodgers", "mlb-giants"]);
    const [nflPack] = await queryRows<{ pack_url: string }>(
      await getDb(),
      sql`select p.pack_url from packs p join pack_events pe on pe.pack_id = p.id join events e on e.id = pe.event_id
          where e.short_name = 'NYG @ WSH' limit 1`,
    );
    expect(feed.find((p) => p.packURL === nflPack!.pack_url)!.teams.map((t) => t.slug)).toContain("giants");
  });

  it("the feed's team filter takes the route slug: mlb-giants and giants each list only their own club's packs", async () => {
    const mlb = (await listPacks({ teamSlug: "mlb-giants" })).map((p) => p.packURL);
    const nfl = await listPacks({ teamSlug: "giants" });
    expect(mlb).toEqual(["dodgers-giants"]);
    expect(nfl.length).toBeGreaterThan(0);
    expect(nfl.map((p) => p.packURL)).not.toContain("dodgers-giants");
    expect(nfl.every((p) => p.league === "nfl")).toBe(true);
  });

  it("the admin's teams table links each club to its own page", async () => {
    const teams = await listAdminTeams();
    const giants = teams.filter((t) => t.slug === "giants").map((t) => [t.league, t.routeSlug]);
    expect(giants.sort()).toEqual([
      ["mlb", "mlb-giants"],
      ["nfl", "giants"],
    ]);
    const cardinals = teams.filter((t) => t.slug === "cardinals").map((t) => [t.league, t.routeSlug]);
    expect(cardinals.sort()).toEqual([
      ["mlb", "mlb-cardinals"],
      ["nfl", "cardinals"],
    ]);
  });
});
