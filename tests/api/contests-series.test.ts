import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as listRoute, POST as createRoute } from "@/app/api/admin/series/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/admin/series/[seriesID]/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, follows } from "@/server/db/schema";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getSeriesPage } from "@/server/series/get-series-page";
import { listSeriesForPacks } from "@/server/series/list-series-for-packs";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";

let admin: TestProfile;
let player: TestProfile;
let rival: TestProfile;
let week1: Awaited<ReturnType<typeof createPack>>;
let week2: Awaited<ReturnType<typeof createPack>>;
let week3: Awaited<ReturnType<typeof createPack>>;
let elsewhere: Awaited<ReturnType<typeof createPack>>;

beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile({ handle: "series_sam" });
  rival = await createProfile({ handle: "series_rae" });
  week1 = await createPack({ title: "Week 1", packUrl: "eagles-week-1" });
  week2 = await createPack({ title: "Week 2", packUrl: "eagles-week-2" });
  week3 = await createPack({ title: "Week 3", packUrl: "eagles-week-3", status: "open", closeTime: new Date(Date.now() + 86_400_000) });
  elsewhere = await createPack({ title: "Elsewhere", packUrl: "other-pack" });
  const [p1, p2, p3] = [await createProp(week1), await createProp(week2), await createProp(elsewhere)];
  await addTake({ profile: player, prop: p1, result: "won", points: 375 });
  await addTake({ profile: player, prop: p2, result: "lost" });
  await addTake({ profile: rival, prop: p1, result: "lost" });
  await addTake({ profile: rival, prop: p2, result: "won", points: 250 });
  await addTake({ profile: rival, prop: p3, result: "won", points: 1000 });
});
afterAll(closeTestDb);

const create = async (body: Record<string, unknown>, as?: TestProfile) =>
  createRoute(await apiRequest("/api/admin/series", { body, as }), routeParams({}));

describe("series", () => {
  it("an admin creates a series with its packs in order, audited", async () => {
    const response = await create({ title: "Eagles Season", slug: "Eagles-Season", packIds: [week2.id, week1.id] }, admin);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true, slug: "eagles-season" });
    const page = await getSeriesPage({ slug: "eagles-season" });
    expect(page.packs.map((pack) => pack.packURL)).toEqual(["eagles-week-2", "eagles-week-1"]);
    const db = await getDb();
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "series.create"))).toHaveLength(1);
  });

  it("refuses a slug that is taken with a 409", async () => {
    const response = await create({ title: "Another", slug: "eagles-season" }, admin);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, error: 'A series already uses the slug "eagles-season".' });
  });

  it("reorders and adds packs on edit, keeping the slug", async () => {
    const response = await patchRoute(
      await apiRequest("/api/admin/series/eagles-season", {
        method: "PATCH",
        as: admin,
        body: { title: "Eagles 2025", packIds: [week1.id, week2.id, week3.id] },
      }),
      routeParams({ seriesID: "eagles-season" }),
    );
    expect(await response.json()).toMatchObject({ success: true, slug: "eagles-season" });
    const fetched = await getRoute(
      await apiRequest("/api/admin/series/eagles-season", { as: admin }),
      routeParams({ seriesID: "eagles-season" }),
    );
    const body = (await fetched.json()) as { series: { title: string }; packs: Array<{ packURL: string }> };
    expect(body.series.title).toBe("Eagles 2025");
    expect(body.packs.map((pack) => pack.packURL)).toEqual(["eagles-week-1", "eagles-week-2", "eagles-week-3"]);
  });

  it("the series leaderboard counts only the series' packs, with the usual ranking", async () => {
    const page = await getSeriesPage({ slug: "eagles-season", viewerProfileId: rival.id });
    expect(
      page.leaderboard.rows.map(({ rank, handle, points, won, lost, takes, isMe }) => ({ rank, handle, points, won, lost, takes, isMe })),
    ).toEqual([
      { rank: 1, handle: "series_sam", points: 375, won: 1, lost: 1, takes: 2, isMe: false },
      { rank: 2, handle: "series_rae", points: 250, won: 1, lost: 1, takes: 2, isMe: true },
    ]);
  });

  it("the series board follows new takes once the worker folds them in, and a pack taken out of the series leaves it", async () => {
    const late = await createProp(week3);
    await addTake({ profile: player, prop: late, result: "won", points: 100 });
    await drainLeaderboardQueue();
    const board = async () =>
      (await getSeriesPage({ slug: "eagles-season", viewerProfileId: null })).leaderboard.rows.map(({ handle, points, takes }) => ({
        handle,
        points,
        takes,
      }));
    expect(await board()).toEqual([
      { handle: "series_sam", points: 475, takes: 3 },
      { handle: "series_rae", points: 250, takes: 2 },
    ]);
    const response = await patchRoute(
      await apiRequest("/api/admin/series/eagles-season", {
        method: "PATCH",
        as: admin,
        body: { title: "Eagles 2025", packIds: [week2.id, week3.id] },
      }),
      routeParams({ seriesID: "eagles-season" }),
    );
    expect(response.status).toBe(200);
    expect(await board()).toEqual([
      { handle: "series_rae", points: 250, takes: 1 },
      { handle: "series_sam", points: 100, takes: 2 },
    ]);
    // Back as it was for the tests after this one.
    await patchRoute(
      await apiRequest("/api/admin/series/eagles-season", {
        method: "PATCH",
        as: admin,
        body: { title: "Eagles 2025", packIds: [week1.id, week2.id, week3.id] },
      }),
      routeParams({ seriesID: "eagles-season" }),
    );
  });

  it("says whether the viewer follows the series", async () => {
    const page = await getSeriesPage({ slug: "eagles-season", viewerProfileId: player.id });
    expect(page.following).toBe(false);
    const db = await getDb();
    await db.insert(follows).values({ profileId: player.id, seriesId: page.series.id });
    expect((await getSeriesPage({ slug: "eagles-season", viewerProfileId: player.id })).following).toBe(true);
    expect((await getSeriesPage({ slug: "eagles-season" })).following).toBe(false);
  });

  it("lists the series of many packs in one call, for pack-card chips", async () => {
    const chips = await listSeriesForPacks({ packIds: [week1.id, week3.id, elsewhere.id] });
    expect(chips[week1.id]).toEqual([expect.objectContaining({ slug: "eagles-season", title: "Eagles 2025" })]);
    expect(chips[week3.id]).toHaveLength(1);
    expect(chips[elsewhere.id]).toBeUndefined();
    expect(await listSeriesForPacks({ packIds: [] })).toEqual({});
  });

  it("an unknown series is not found", async () => {
    await expect(getSeriesPage({ slug: "nope" })).rejects.toMatchObject({ status: 404 });
  });

  it("admin series routes refuse visitors (401) and players (403)", async () => {
    for (const as of [undefined, player]) {
      const expected = as ? 403 : 401;
      expect((await createRoute(await apiRequest("/api/admin/series", { body: { title: "X" }, as }), routeParams({}))).status).toBe(
        expected,
      );
      expect((await listRoute(await apiRequest("/api/admin/series", { as }), routeParams({}))).status).toBe(expected);
      const params = routeParams({ seriesID: "eagles-season" });
      expect((await getRoute(await apiRequest("/api/admin/series/eagles-season", { as }), params)).status).toBe(expected);
      expect(
        (await patchRoute(await apiRequest("/api/admin/series/eagles-season", { method: "PATCH", body: { title: "X" }, as }), params))
          .status,
      ).toBe(expected);
    }
  });
});
