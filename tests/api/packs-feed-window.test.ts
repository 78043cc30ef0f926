import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listPacksRoute } from "@/app/api/packs/route";
import { feedRank } from "@/domain/pack-state";
import { nyDay } from "@/domain/time";
import { getDb } from "@/server/db/client";
import { GRADED_WINDOW_DAYS, countPacks, listPacks, listPacksPage } from "@/server/packs/list-packs";
import { apiRequest, routeParams } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";

// A season of history next to today's slate (docs/decisions/020-feed-window.md):
// the feed used to keep the 500 packs that closed first, so after a month of
// MLB today's packs fell off the end of every list.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OLD_GRADED = 2_000;

let open: TestPack[] = [];
let comingSoon: TestPack;
let gradedYesterday: TestPack;
let abandoned: TestPack;
const oldDay = nyDay(new Date(Date.now() - 40 * DAY - 2 * HOUR));

beforeAll(async () => {
  await createTestDb();
  const db = await getDb();
  // 2,000 graded packs that closed between 8 days and about two years ago, in one statement.
  await db.execute(sql`
    insert into packs (pack_url, title, league, status, open_time, close_time, created_at)
    select 'season-' || n, 'Season pack ' || n, case when n % 3 = 0 then 'nfl' else 'mlb' end, 'graded',
           now() - ((8 + n * 0.35) * interval '1 day') - interval '3 days',
           now() - ((8 + n * 0.35) * interval '1 day'),
           now() - ((8 + n * 0.35) * interval '1 day') - interval '4 days'
    from generate_series(1, ${OLD_GRADED}) as n`);
  open = [];
  for (let i = 0; i < 30; i++) {
    open.push(await createTestPack({ title: `Today open ${i}`, closeTime: new Date(Date.now() + (i + 1) * HOUR), props: 1 }));
  }
  comingSoon = await createTestPack({
    status: "coming-soon",
    openTime: new Date(Date.now() + DAY),
    closeTime: new Date(Date.now() + 2 * DAY),
    props: 1,
  });
  gradedYesterday = await createTestPack({
    status: "graded",
    openTime: new Date(Date.now() - 3 * DAY),
    closeTime: new Date(Date.now() - DAY),
    eventStart: new Date(Date.now() - DAY),
    props: 1,
  });
  // Left open by its admin forty days ago and never graded.
  abandoned = await createTestPack({
    title: "Forgotten pack",
    openTime: new Date(Date.now() - 45 * DAY),
    closeTime: new Date(Date.now() - 40 * DAY),
    eventStart: new Date(Date.now() - 40 * DAY - 2 * HOUR),
    props: 1,
  });
}, 120_000);
afterAll(closeTestDb);

describe("the front of the feed with a season of graded packs behind it", () => {
  it("lists every open and coming-soon pack of today, however many graded packs came before", async () => {
    const front = await listPacks({});
    const urls = new Set(front.map((p) => p.packURL));
    for (const pack of [...open, comingSoon]) expect(urls.has(pack.packURL), pack.title).toBe(true);
    expect(urls.has(gradedYesterday.packURL)).toBe(true);
  });

  it("keeps graded packs for a week after they close, then lets them leave the front", async () => {
    const front = await listPacks({});
    const graded = front.filter((p) => p.status === "graded");
    const weekAgo = Date.now() - GRADED_WINDOW_DAYS * DAY;
    expect(graded.every((p) => p.closeTime!.getTime() >= weekAgo)).toBe(true);
    expect(front.some((p) => p.packURL.startsWith("season-"))).toBe(false);
  });

  it("does not let a pack its admin never graded sit at the front for ever", async () => {
    const front = await listPacks({});
    expect(front.some((p) => p.packURL === abandoned.packURL)).toBe(false);
  });

  it("GET /api/packs?view=Open answers all 30 open packs", async () => {
    const response = await listPacksRoute(await apiRequest("/api/packs?view=Open"), routeParams({}));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { packs: Array<{ packURL: string }> };
    const urls = new Set(body.packs.map((p) => p.packURL));
    for (const pack of open) expect(urls.has(pack.packURL), pack.title).toBe(true);
  });

  it("GET /api/packs?date= answers an old day's packs, and a malformed date is a 400", async () => {
    const response = await listPacksRoute(await apiRequest(`/api/packs?date=${oldDay}`), routeParams({}));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { packs: Array<{ packURL: string }> };
    expect(body.packs.map((p) => p.packURL)).toContain(abandoned.packURL);
    const bad = await listPacksRoute(await apiRequest("/api/packs?date=2025-02-30"), routeParams({}));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: "Invalid date" });
  });

  it("keeps an old day's packs reachable by its date, graded or left ungraded", async () => {
    const onThatDay = await listPacks({ day: oldDay });
    expect(onThatDay.map((p) => p.packURL)).toContain(abandoned.packURL);
    const seasonDay = nyDay(new Date(Date.now() - (8 + 1000 * 0.35) * DAY - 3 * DAY));
    const season = await listPacks({ day: seasonDay });
    expect(season.some((p) => p.packURL.startsWith("season-"))).toBe(true);
    expect(season.every((p) => p.day === seasonDay)).toBe(true);
  });

  it("counts the feed's tabs in SQL, and each count matches the cards a page can list", async () => {
    const today = nyDay(new Date());
    const yesterday = nyDay(new Date(Date.now() - DAY));
    const counts = await countPacks({}, [yesterday, today]);
    const front = await listPacks({});
    expect(counts.total).toBe(front.length);
    expect(counts.byDay[today]).toBe(front.filter((p) => p.day === today).length);
    expect(counts.byDay[yesterday]).toBe(front.filter((p) => p.day === yesterday).length);
    const todays = await listPacks({ frontDay: today });
    expect(todays.length).toBe(counts.byDay[today]);
    expect(todays.every((p) => p.day === today)).toBe(true);
  });

  it("returns only the cards a page shows, open packs first on All, and a longer page starts with the shorter one", async () => {
    const first = await listPacks({ phaseFirst: true, limit: 12 });
    expect(first).toHaveLength(12);
    expect(first.every((p) => p.chip === "Active")).toBe(true);
    expect(first.map((p) => p.closeTime!.getTime())).toEqual(first.map((p) => p.closeTime!.getTime()).sort((a, b) => a - b));
    const longer = await listPacks({ phaseFirst: true, limit: 48 });
    expect(longer.slice(0, 12).map((p) => p.id)).toEqual(first.map((p) => p.id));
    const ranks = longer.map((p) => feedRank(p.chip));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const byTitle = await listPacks({ sort: "title", limit: 48 });
    expect(byTitle.map((p) => p.title)).toEqual([...byTitle.map((p) => p.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const newestOpen = await listPacks({ sort: "close-desc", limit: 5 });
    expect(newestOpen.map((p) => p.closeTime!.getTime())).toEqual(newestOpen.map((p) => p.closeTime!.getTime()).sort((a, b) => b - a));
  });

  it("GET /api/packs pages through the whole front of the feed by cursor, each pack once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await listPacksRoute(await apiRequest(`/api/packs?limit=7${cursor ? `&cursor=${cursor}` : ""}`), routeParams({}));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { packs: Array<{ packURL: string }>; nextCursor: string | null };
      expect(body.packs.length).toBeLessThanOrEqual(7);
      seen.push(...body.packs.map((p) => p.packURL));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await countPacks({})).total);
    for (const pack of [...open, comingSoon, gradedYesterday]) expect(seen).toContain(pack.packURL);
  });

  it("GET /api/packs filters the phase in SQL and refuses a forged cursor or limit with a 400", async () => {
    const soon = await listPacksRoute(await apiRequest("/api/packs?view=Coming%20Soon"), routeParams({}));
    const soonUrls = ((await soon.json()) as { packs: Array<{ packURL: string }> }).packs.map((p) => p.packURL);
    expect(soonUrls).toContain(comingSoon.packURL);
    expect(soonUrls.some((url) => open.some((p) => p.packURL === url))).toBe(false);
    const closed = await listPacksRoute(await apiRequest("/api/packs?view=Closed"), routeParams({}));
    const closedUrls = ((await closed.json()) as { packs: Array<{ packURL: string }> }).packs.map((p) => p.packURL);
    expect(closedUrls).toContain(gradedYesterday.packURL);
    expect(closedUrls).not.toContain(comingSoon.packURL);
    const page = await listPacksPage({ limit: 3 });
    expect(page.items).toHaveLength(3);
    for (const bad of [
      "cursor=not-a-cursor",
      `cursor=${Buffer.from(JSON.stringify(["2025-02-30 00:00:00+00", open[0]!.id])).toString("base64url")}`,
      "limit=0",
      "limit=201",
      "limit=abc",
    ]) {
      const response = await listPacksRoute(await apiRequest(`/api/packs?${bad}`), routeParams({}));
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { success: boolean }).success).toBe(false);
    }
  });
});
