import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listItems } from "@/app/api/marketplace/items/route";
import type { PackStatus } from "@/domain/authoring";
import { getDb } from "@/server/db/client";
import { events, packEvents, packs, teams } from "@/server/db/schema";
import { countItemsLowOnCodes } from "@/server/marketplace/count-items-low-on-codes";
import { listTeamMarketplacePacks } from "@/server/marketplace/list-team-marketplace-packs";
import { apiRequest } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createItem } from "./marketplace-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const itemsFor = async (query = "") => {
  const response = await listItems(await apiRequest(`/api/marketplace/items${query}`), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    success: boolean;
    team: { slug: string; abbreviation: string } | null;
    items: Array<Record<string, unknown>>;
  };
};

describe("the marketplace catalogue", () => {
  let eaglesId: string;

  beforeAll(async () => {
    const db = await getDb();
    const [eagles] = await db
      .insert(teams)
      .values({ league: "nfl", espnTeamId: "21", slug: "eagles", abbreviation: "PHI", name: "Eagles", fullName: "Philadelphia Eagles" })
      .returning();
    eaglesId = eagles!.id;
    await createItem({ name: "Snack Voucher", tokens: 50, imageUrl: "/img/snack.png" }, ["S-1"]);
    await createItem({ name: "Gift Card", tokens: 500, featured: true }, ["G-1"]);
    await createItem({ name: "Beanie", tokens: 250, imageUrl: "/img/beanie.png", teamImages: { eagles: "/img/beanie-phi.png" } }, ["B-1"]);
    await createItem({ name: "Cowboys Cap", tokens: 60, teamImages: { cowboys: "/img/cap-dal.png" } }, ["C-1"]);
    await createItem({ name: "Eagles Pennant", tokens: 70, teamId: eaglesId }, ["P-1"]);
    await createItem({ name: "Tailgate Pass", tokens: 10, status: "hidden" }, ["T-1"]);
    await createItem({ name: "Sold Out Shirt", tokens: 10, status: "sold-out" }, ["X-1"]);
    await createItem({ name: "Raffle Entry", tokens: 20 }, []);
  });

  it("lists items a player can redeem now, featured first then cheapest, without codes", async () => {
    const body = await itemsFor();
    expect(body.success).toBe(true);
    expect(body.team).toBeNull();
    expect(body.items.map((item) => item.itemName)).toEqual(["Gift Card", "Snack Voucher", "Cowboys Cap", "Eagles Pennant", "Beanie"]);
    expect(body.items[1]).toMatchObject({ itemTokens: 50, imageUrl: "/img/snack.png", featured: false });
    expect(JSON.stringify(body)).not.toMatch(/S-1|G-1|B-1/);
  });

  it("shows a team's items and the items for everyone in its team view, with the team's pictures", async () => {
    const body = await itemsFor("?teamSlug=Eagles");
    expect(body.team).toMatchObject({ slug: "eagles", abbreviation: "PHI" });
    expect(body.items.map((item) => item.itemName)).toEqual(["Gift Card", "Snack Voucher", "Eagles Pennant", "Beanie"]);
    expect(body.items.find((item) => item.itemName === "Beanie")?.imageUrl).toBe("/img/beanie-phi.png");
  });

  it("shows the normal view for an unknown team", async () => {
    const body = await itemsFor("?teamSlug=nobody");
    expect(body.team).toBeNull();
    expect(body.items).toHaveLength(5);
  });
});

describe("around the catalogue", () => {
  it("counts items on sale with fewer than three codes left as low on codes", async () => {
    const before = await countItemsLowOnCodes();
    await createItem({ name: "Almost gone" }, ["A-1", "A-2"]);
    await createItem({ name: "Plenty" }, ["P-1", "P-2", "P-3"]);
    await createItem({ name: "Hidden, no codes", status: "hidden" }, []);
    expect(await countItemsLowOnCodes()).toBe(before + 1);
  });

  it("lists a team's upcoming packs for its team view, soonest game first, with their state", async () => {
    const db = await getDb();
    const [team] = await db
      .insert(teams)
      .values({
        league: "mlb",
        espnTeamId: "22",
        slug: "phillies",
        abbreviation: "PHI",
        name: "Phillies",
        fullName: "Philadelphia Phillies",
      })
      .returning();
    const now = new Date("2026-06-01T16:00:00Z");
    const hour = 3_600_000;
    const addPack = async (
      packUrl: string,
      status: PackStatus,
      startOffsetHours: number,
      window: { open?: number; close?: number } = {},
    ) => {
      const [event] = await db
        .insert(events)
        .values({ league: "mlb", title: packUrl, startTime: new Date(now.getTime() + startOffsetHours * hour), homeTeamId: team!.id })
        .returning();
      const [pack] = await db
        .insert(packs)
        .values({
          packUrl,
          title: packUrl,
          league: "mlb",
          status,
          openTime: window.open === undefined ? null : new Date(now.getTime() + window.open * hour),
          closeTime: window.close === undefined ? null : new Date(now.getTime() + window.close * hour),
        })
        .returning();
      await db.insert(packEvents).values({ packId: pack!.id, eventId: event!.id });
    };
    await addPack("later-game", "open", 48, { close: 47 });
    await addPack("tonight", "open", 3, { open: -24, close: 2 });
    await addPack("next-week", "coming-soon", 150, { open: 100, close: 149 });
    await addPack("in-play", "live", -1);
    await addPack("a-draft", "draft", 5);
    await addPack("done", "graded", -48);

    const tiles = await listTeamMarketplacePacks({ league: "mlb", teamSlug: "phillies", now });
    expect(tiles.map((tile) => [tile.packURL, tile.statusLabel])).toEqual([
      ["in-play", "Live"],
      ["tonight", "Active"],
      ["later-game", "Active"],
      ["next-week", "Coming soon"],
    ]);
  });
});
