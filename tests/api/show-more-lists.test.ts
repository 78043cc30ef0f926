// The contest, series and marketplace pages list a page of cards and "Show more"
// (docs/decisions/024-season-scale.md): a season-long contest or series holds
// hundreds of packs and the marketplace any number of items. These build more
// rows than a page and walk the lists the way the pages and the API do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listItems } from "@/app/api/marketplace/items/route";
import { shownCount } from "@/components/packs/show-more-packs";
import { LISTED_PACKS_MAX, LISTED_PACKS_PAGE } from "@/server/contests/contest-pack";
import type { ListedPack } from "@/domain/views";
import { getContestPage } from "@/server/contests/get-contest-page";
import { getDb } from "@/server/db/client";
import { contestPacks, contests, events, packEvents, series, seriesPacks } from "@/server/db/schema";
import { encodeCursor } from "@/server/http/keyset";
import { MARKETPLACE_MAX_SHOWN, MARKETPLACE_PAGE, listMarketplaceItems } from "@/server/marketplace/list-marketplace-items";
import { getSeriesPage } from "@/server/series/get-series-page";
import { apiRequest } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createPack } from "./contests-fixtures";
import { createItem } from "./marketplace-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const HOUR = 3_600_000;
const NOW = new Date();
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** A fixed shuffle (a permutation of 0..n-1), so rows are not inserted in the order they are listed. */
const shuffled = (n: number) => Array.from({ length: n }, (_, i) => (i * 17 + 5) % n);

type Pack = Awaited<ReturnType<typeof createPack>>;

async function addEvent(pack: Pack, startTime: Date) {
  const db = await getDb();
  const [event] = await db
    .insert(events)
    .values({ league: "nfl", title: `${pack.title} game`, startTime })
    .returning();
  await db.insert(packEvents).values({ packId: pack.id, eventId: event!.id });
}

/**
 * Walks a pack list as its page does: no `?show=` first, then the "Show more"
 * link's `show` (cards shown + a page) until every pack is shown. Each step
 * must show what the last one did, in the same order, and more.
 */
async function walkShowMore(read: (limit: number) => Promise<{ packs: ListedPack[]; packCount: number }>) {
  let show: string | undefined;
  let previous: string[] = [];
  const steps: Array<{ limit: number; shown: number; total: number }> = [];
  for (;;) {
    const limit = shownCount(show, LISTED_PACKS_PAGE, LISTED_PACKS_MAX);
    const { packs, packCount } = await read(limit);
    const urls = packs.map((pack) => pack.packURL);
    expect(urls.slice(0, previous.length)).toEqual(previous);
    steps.push({ limit, shown: urls.length, total: packCount });
    if (urls.length >= packCount) return { urls, steps };
    expect(urls.length).toBeGreaterThan(previous.length);
    previous = urls;
    show = String(urls.length + LISTED_PACKS_PAGE);
  }
}

describe("a season-long series page", () => {
  const graded: string[] = [];
  const current: string[] = [];

  beforeAll(async () => {
    const db = await getDb();
    const [row] = await db.insert(series).values({ slug: "phillies-season", title: "Phillies Season" }).returning();
    const members: Array<{ pack: Pack; position: number }> = [];
    // 40 graded weeks at positions 0..39 (weeks 10 and 11 share a position: the earlier close comes first).
    for (const week of shuffled(40)) {
      const position = week === 11 ? 10 : week;
      const pack = await createPack({
        title: `Week ${week}`,
        packUrl: `phillies-week-${String(week).padStart(2, "0")}`,
        status: "graded",
        openTime: at(-24 * (61 - week)),
        closeTime: at(-24 * (60 - week)),
      });
      members.push({ pack, position });
    }
    // The current weeks come last in the series' own order, where one page of it would never reach.
    const open1 = await createPack({ title: "Week 40", packUrl: "phillies-week-40", status: "open", openTime: at(-2), closeTime: at(20) });
    const open2 = await createPack({ title: "Week 41", packUrl: "phillies-week-41", status: "open", openTime: at(-1), closeTime: at(44) });
    const soon = await createPack({
      title: "Week 42",
      packUrl: "phillies-week-42",
      status: "coming-soon",
      openTime: at(30),
      closeTime: at(68),
    });
    members.push({ pack: open1, position: 40 }, { pack: open2, position: 41 }, { pack: soon, position: 42 });
    // Never listed nor counted.
    const draft = await createPack({ packUrl: "phillies-draft", status: "draft" });
    const archived = await createPack({ packUrl: "phillies-archived", status: "archived" });
    members.push({ pack: draft, position: 43 }, { pack: archived, position: 44 });
    await db.insert(seriesPacks).values(members.map(({ pack, position }) => ({ seriesId: row!.id, packId: pack.id, position })));
    for (let week = 0; week < 40; week++) graded.push(`phillies-week-${String(week).padStart(2, "0")}`);
    current.push("phillies-week-40", "phillies-week-41", "phillies-week-42");
  });

  it("shows a fan the open and coming weeks first and twelve cards in all, out of the 43 packs it counts", async () => {
    const page = await getSeriesPage({ slug: "phillies-season", now: NOW });
    expect(page.packCount).toBe(43);
    expect(page.packs).toHaveLength(LISTED_PACKS_PAGE);
    expect(page.packs.slice(0, 3).map((pack) => [pack.packURL, pack.chip])).toEqual([
      ["phillies-week-40", "Active"],
      ["phillies-week-41", "Active"],
      ["phillies-week-42", "Coming soon"],
    ]);
    expect(page.packs.slice(3).map((pack) => pack.packURL)).toEqual(graded.slice(0, 9));
    expect(page.packs.slice(3).every((pack) => pack.chip === "Graded")).toBe(true);
  });

  it("Show more reaches every week of the series exactly once, current weeks first, then the rest in series order", async () => {
    const { urls, steps } = await walkShowMore((limit) => getSeriesPage({ slug: "phillies-season", packLimit: limit, now: NOW }));
    expect(urls).toEqual([...current, ...graded]);
    expect(new Set(urls).size).toBe(43);
    expect(steps.map(({ shown }) => shown)).toEqual([12, 24, 36, 43]);
    expect(steps.every(({ total }) => total === 43)).toBe(true);
  });
});

describe("a season-long contest page", () => {
  const graded: string[] = [];

  beforeAll(async () => {
    const db = await getDb();
    const [contest] = await db.insert(contests).values({ slug: "season-cup", title: "Season Cup", status: "open" }).returning();
    const members: Pack[] = [];
    // 40 graded packs, the i-th played i days into the season; every fifth has no game and counts by its close.
    for (const i of shuffled(40)) {
      const when = at(-24 * (50 - i));
      const pack = await createPack({
        title: `Game ${i}`,
        packUrl: `cup-game-${String(i).padStart(2, "0")}`,
        status: "graded",
        openTime: at(-24 * (51 - i)),
        closeTime: when,
      });
      if (i % 5 !== 0) await addEvent(pack, when);
      members.push(pack);
    }
    // Open packs first, the sooner game first, then the coming one.
    const later = await createPack({ title: "Later game", packUrl: "cup-open-later", status: "open", openTime: at(-3), closeTime: at(47) });
    await addEvent(later, at(48));
    const sooner = await createPack({
      title: "Sooner game",
      packUrl: "cup-open-sooner",
      status: "open",
      openTime: at(-3),
      closeTime: at(23),
    });
    await addEvent(sooner, at(24));
    const soon = await createPack({
      title: "Next week",
      packUrl: "cup-coming",
      status: "coming-soon",
      openTime: at(100),
      closeTime: at(167),
    });
    await addEvent(soon, at(168));
    members.push(later, sooner, soon);
    await db.insert(contestPacks).values(members.map((pack) => ({ contestId: contest!.id, packId: pack.id })));
    for (let i = 0; i < 40; i++) graded.push(`cup-game-${String(i).padStart(2, "0")}`);
  });

  it("shows a fan its open packs and the coming one first and twelve cards in all, out of the 43 it counts", async () => {
    const page = await getContestPage({ contestID: "season-cup", now: NOW });
    expect(page.packCount).toBe(43);
    expect(page.packs).toHaveLength(LISTED_PACKS_PAGE);
    expect(page.packs.slice(0, 3).map((pack) => [pack.packURL, pack.chip])).toEqual([
      ["cup-open-sooner", "Active"],
      ["cup-open-later", "Active"],
      ["cup-coming", "Coming soon"],
    ]);
    expect(page.packs.slice(3).map((pack) => pack.packURL)).toEqual(graded.slice(0, 9));
  });

  it("Show more reaches every pack of the contest exactly once, in the contest's order", async () => {
    const { urls, steps } = await walkShowMore((limit) => getContestPage({ contestID: "season-cup", packLimit: limit, now: NOW }));
    expect(urls).toEqual(["cup-open-sooner", "cup-open-later", "cup-coming", ...graded]);
    expect(new Set(urls).size).toBe(43);
    expect(steps.map(({ shown }) => shown)).toEqual([12, 24, 36, 43]);
  });

  it("lists every open pack even when a contest has more of them than a page, and pages only its past ones", async () => {
    const db = await getDb();
    const [contest] = await db.insert(contests).values({ slug: "busy-sunday", title: "Busy Sunday", status: "open" }).returning();
    const members: Pack[] = [];
    for (let i = 0; i < 15; i++) {
      members.push(
        await createPack({
          packUrl: `sunday-open-${String(i).padStart(2, "0")}`,
          title: `Open ${i}`,
          status: "open",
          openTime: at(-1),
          closeTime: at(2 + i),
        }),
      );
    }
    for (let i = 0; i < 5; i++) {
      members.push(
        await createPack({
          packUrl: `sunday-past-${i}`,
          title: `Past ${i}`,
          status: "graded",
          openTime: at(-200),
          closeTime: at(-100 + i),
        }),
      );
    }
    await db.insert(contestPacks).values(members.map((pack) => ({ contestId: contest!.id, packId: pack.id })));

    const first = await getContestPage({ contestID: "busy-sunday", now: NOW });
    expect(first.packCount).toBe(20);
    expect(first.packs.map((pack) => pack.packURL)).toEqual(
      Array.from({ length: 15 }, (_, i) => `sunday-open-${String(i).padStart(2, "0")}`),
    );
    const { urls } = await walkShowMore((limit) => getContestPage({ contestID: "busy-sunday", packLimit: limit, now: NOW }));
    expect(urls).toEqual([...first.packs.map((pack) => pack.packURL), ...Array.from({ length: 5 }, (_, i) => `sunday-past-${i}`)]);
  });
});

describe("a marketplace with more items than a page", () => {
  /** Every redeemable item in the marketplace's order: featured first, then cheapest, then name, then id. */
  let expected: string[] = [];
  // As long as the admin form allows (120 characters), in a script of three bytes a character.
  const longName = "サイン入り限定ユニフォーム・".repeat(9).slice(0, 120);

  beforeAll(async () => {
    const made: Array<{ id: string; featured: boolean; tokens: number; name: string }> = [];
    for (const i of shuffled(60)) {
      const featured = i % 10 === 0;
      // Prices repeat and so do some names: name, then id, break the ties.
      const tokens = 100 + 10 * Math.floor(i / 4);
      const name = i === 33 ? longName : `Reward ${String(Math.floor(i / 2)).padStart(2, "0")}`;
      const item = await createItem({ name, tokens: i === 33 ? 155 : tokens, featured }, [`CODE-${i}`]);
      made.push({ id: item.id, featured, tokens: item.tokens, name });
    }
    // Not on sale: never listed nor counted.
    await createItem({ name: "Hidden reward", status: "hidden" }, ["H-1"]);
    await createItem({ name: "Out of codes" }, []);
    made.sort(
      (a, b) =>
        Number(b.featured) - Number(a.featured) ||
        a.tokens - b.tokens ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
    expected = made.map((item) => item.id);
  });

  it("shows a fan the first 24 items and counts all 60 they can redeem", async () => {
    const listing = await listMarketplaceItems({ limit: shownCount(undefined, MARKETPLACE_PAGE, MARKETPLACE_MAX_SHOWN), withTotal: true });
    expect(listing.total).toBe(60);
    expect(listing.items.map((item) => item.itemID)).toEqual(expected.slice(0, 24));
    expect(listing.items.slice(0, 6).every((item) => item.featured)).toBe(true);
  });

  it("Show more items reaches every item exactly once, in the marketplace's order", async () => {
    let show: string | undefined;
    const shownSteps: number[] = [];
    for (;;) {
      const listing = await listMarketplaceItems({ limit: shownCount(show, MARKETPLACE_PAGE, MARKETPLACE_MAX_SHOWN), withTotal: true });
      const ids = listing.items.map((item) => item.itemID);
      expect(ids).toEqual(expected.slice(0, ids.length));
      shownSteps.push(ids.length);
      if (ids.length >= listing.total!) break;
      show = String(ids.length + MARKETPLACE_PAGE);
    }
    expect(shownSteps).toEqual([24, 48, 60]);
  });

  const page = async (query: string) => {
    const response = await listItems(await apiRequest(`/api/marketplace/items${query}`), { params: Promise.resolve({}) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("the items API pages by cursor through every item exactly once, in order", async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await page(cursor ? `?cursor=${cursor}` : "");
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, team: null });
      const items = body.items as Array<{ itemID: string; itemName: string }>;
      sizes.push(items.length);
      seen.push(...items.map((item) => item.itemID));
      cursor = body.nextCursor as string | null;
    } while (cursor);
    expect(sizes).toEqual([24, 24, 12]);
    expect(seen).toEqual(expected);
  });

  it("the items API's cursor holds after an item with a long name in any script, one item a page", async () => {
    const seen: string[] = [];
    let longest = 0;
    let cursor: string | null = null;
    do {
      const { status, body } = await page(`?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      seen.push(...(body.items as Array<{ itemID: string }>).map((item) => item.itemID));
      cursor = body.nextCursor as string | null;
      longest = Math.max(longest, cursor?.length ?? 0);
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(longest).toBeGreaterThan(400);
  });

  it("a garbled items cursor is a 400 with a JSON error, never a 500", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const cursor of [
      "not%20a%20cursor",
      "x".repeat(1_300),
      "bm90LWpzb24",
      encodeCursor("2026-01-01 00:00:00+00", id),
      encodeCursor(JSON.stringify(["2", "100", "Reward"]), id),
      encodeCursor(JSON.stringify(["1", "-5", "Reward"]), id),
      encodeCursor(JSON.stringify(["1", "100"]), id),
      encodeCursor(JSON.stringify(["0", "9999999999", "Reward"]), id),
      encodeCursor(JSON.stringify(["0", "100", "Re\u0000ward"]), id),
      Buffer.from(JSON.stringify([JSON.stringify(["1", "100", "Reward"]), "not-a-uuid"])).toString("base64url"),
    ]) {
      const { status, body } = await page(`?cursor=${cursor}`);
      expect(status, cursor).toBe(400);
      expect(body).toEqual({ success: false, error: expect.any(String) });
    }
  });
});
