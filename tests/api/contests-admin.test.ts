import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { GET as listRoute, POST as createRoute } from "@/app/api/admin/contests/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/admin/contests/[contestID]/route";
import { GET as searchRoute } from "@/app/api/admin/contests/pack-search/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, contestPacks, contests } from "@/server/db/schema";
import { listContests } from "@/server/contests/list-contests";
import { getContestPage } from "@/server/contests/get-contest-page";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";

let admin: TestProfile;
let player: TestProfile;
let packA: Awaited<ReturnType<typeof createPack>>;
let packB: Awaited<ReturnType<typeof createPack>>;
let packC: Awaited<ReturnType<typeof createPack>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
  packA = await createPack({
    title: "Eagles vs Cowboys",
    packUrl: "eagles-cowboys-test",
    status: "open",
    closeTime: new Date(Date.now() + 24 * HOUR),
  });
  packB = await createPack({
    title: "Yankees vs Red Sox",
    packUrl: "yankees-red-sox-test",
    league: "mlb",
    status: "open",
    closeTime: new Date(Date.now() + 30 * HOUR),
  });
  packC = await createPack({
    title: "Ravens vs Steelers",
    packUrl: "ravens-steelers-test",
    status: "draft",
    closeTime: new Date(Date.now() + 40 * HOUR),
  });
  await createProp(packA);
  await createProp(packA);
  await createProp(packB);
});
afterAll(closeTestDb);

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Week 12 Showdown",
  summary: "Two packs, one leaderboard.",
  details: "Line one\nLine two",
  prize: "1000 diamonds",
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
  coverUrl: "https://example.com/cover.png",
  status: "open",
  packIds: [packA.id, packB.id],
  ...overrides,
});

async function create(body: Record<string, unknown>, as: TestProfile | "visitor" = admin) {
  return createRoute(await apiRequest("/api/admin/contests", { body, as: as === "visitor" ? undefined : as }), routeParams({}));
}

describe("admin contests", () => {
  it("creates a contest with two packs under a slug from its title, and audits it", async () => {
    const response = await create(form());
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; id: string; contestID: string };
    expect(body).toMatchObject({ success: true, contestID: "week-12-showdown" });

    const db = await getDb();
    const linked = await db.select().from(contestPacks).where(eq(contestPacks.contestId, body.id));
    expect(linked.map((row) => row.packId).sort()).toEqual([packA.id, packB.id].sort());
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, body.id), eq(adminAuditLog.action, "contest.create")));
    expect(audit).toMatchObject({ actorProfileId: admin.id, entityType: "contest" });
    expect((audit!.after as { packIds: string[] }).packIds).toHaveLength(2);

    const page = await getContestPage({ contestID: "week-12-showdown" });
    expect(page.contest).toMatchObject({ title: "Week 12 Showdown", status: "open", packCount: 2, prize: "1000 diamonds" });
    expect(page.packs.map((pack) => pack.packURL).sort()).toEqual(["eagles-cowboys-test", "yankees-red-sox-test"]);
  });

  it("gives a second contest with the same title its own slug", async () => {
    const response = await create(form({ packIds: [] }));
    expect(await response.json()).toMatchObject({ success: true, contestID: "week-12-showdown-2" });
  });

  it("edits fields and the pack set (add one, remove one), keeping the slug, and audits before and after", async () => {
    const edit = await patchRoute(
      await apiRequest("/api/admin/contests/week-12-showdown", {
        method: "PATCH",
        as: admin,
        body: form({ title: "Week 12 Mega Showdown", packIds: [packB.id, packC.id] }),
      }),
      routeParams({ contestID: "week-12-showdown" }),
    );
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ success: true, contestID: "week-12-showdown" });

    const fetched = await getRoute(
      await apiRequest("/api/admin/contests/week-12-showdown", { as: admin }),
      routeParams({ contestID: "week-12-showdown" }),
    );
    const body = (await fetched.json()) as { contest: { title: string }; packs: Array<{ packURL: string }> };
    expect(body.contest.title).toBe("Week 12 Mega Showdown");
    expect(body.packs.map((pack) => pack.packURL).sort()).toEqual(["ravens-steelers-test", "yankees-red-sox-test"]);

    const db = await getDb();
    const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "contest.update"));
    expect((audit!.before as { title: string }).title).toBe("Week 12 Showdown");
    expect((audit!.after as { title: string }).title).toBe("Week 12 Mega Showdown");
    // The draft pack is linked but players do not see it.
    expect((await getContestPage({ contestID: "week-12-showdown" })).packs.map((pack) => pack.packURL)).toEqual(["yankees-red-sox-test"]);
  });

  it("refuses invalid forms with the form's messages and writes nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(contests)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "   " }, "Title is required"],
      [{ endsAt: new Date(Date.now() - 2 * HOUR).toISOString() }, "End time must be after start time."],
      [{ status: "finished" }, "Choose a status."],
      [{ packIds: ["not-a-uuid"] }, "Unknown pack."],
      [{ coverUrl: "javascript:alert(1)" }, "Cover must be an http(s) URL."],
      [{ packIds: ["00000000-0000-4000-8000-000000000000"] }, "Some packs no longer exist."],
    ];
    for (const [overrides, message] of cases) {
      const response = await create(form(overrides));
      expect(response.status, message).toBe(400);
      expect(await response.json()).toEqual({ success: false, error: message });
    }
    expect((await db.select().from(contests)).length).toBe(before);
  });

  it("drafts are listed for admins only and their pages are not found", async () => {
    await create(form({ title: "Secret Draft", status: "draft", packIds: [] }));
    expect((await listContests()).map((contest) => contest.title)).not.toContain("Secret Draft");
    await expect(getContestPage({ contestID: "secret-draft" })).rejects.toMatchObject({
      status: 404,
      userMessage: "No contest data found.",
    });
    const listed = await listRoute(await apiRequest("/api/admin/contests", { as: admin }), routeParams({}));
    const body = (await listed.json()) as { contests: Array<{ title: string; status: string }> };
    expect(body.contests.find((contest) => contest.title === "Secret Draft")).toMatchObject({ status: "draft" });
  });

  it("searches packs by title or URL and league for the addPacksToContest dialog", async () => {
    const search = async (query: string) => {
      const response = await searchRoute(await apiRequest(`/api/admin/contests/pack-search?${query}`, { as: admin }), routeParams({}));
      return ((await response.json()) as { packs: Array<{ packURL: string; propsCount: number }> }).packs;
    };
    expect((await search("search=yankees")).map((pack) => pack.packURL)).toEqual(["yankees-red-sox-test"]);
    expect((await search("search=eagles-cowboys")).map((pack) => pack.propsCount)).toEqual([2]);
    expect((await search("search=vs&league=mlb")).map((pack) => pack.packURL)).toEqual(["yankees-red-sox-test"]);
    expect(await search("search=%25_")).toEqual([]);
  });

  it("every admin contest route refuses visitors (401) and players (403)", async () => {
    const params = routeParams({ contestID: "week-12-showdown" });
    for (const as of [undefined, player]) {
      const expected = as ? 403 : 401;
      expect((await create(form(), as ?? "visitor")).status).toBe(expected);
      expect((await listRoute(await apiRequest("/api/admin/contests", { as }), routeParams({}))).status).toBe(expected);
      expect((await getRoute(await apiRequest("/api/admin/contests/week-12-showdown", { as }), params)).status).toBe(expected);
      expect(
        (await patchRoute(await apiRequest("/api/admin/contests/week-12-showdown", { method: "PATCH", as, body: form() }), params)).status,
      ).toBe(expected);
      expect((await searchRoute(await apiRequest("/api/admin/contests/pack-search", { as }), routeParams({}))).status).toBe(expected);
    }
  });

  it("the contest leaderboard follows its packs when an admin adds or removes one", async () => {
    const graded = await createPack({ title: "Graded Earlier", packUrl: "graded-earlier-test" });
    const prop = await createProp(graded);
    const taker = await createProfile({ handle: "early_taker" });
    await addTake({ profile: taker, prop, result: "won", points: 375 });
    await drainLeaderboardQueue();
    const created = (await (await create(form({ title: "Follow The Packs", packIds: [] }))).json()) as { contestID: string };
    const board = async () =>
      (await getContestPage({ contestID: created.contestID })).leaderboard.rows.map((row) => [row.handle, row.points]);
    expect(await board()).toEqual([]);

    const save = async (packIds: string[]) =>
      patchRoute(
        await apiRequest(`/api/admin/contests/${created.contestID}`, {
          method: "PATCH",
          as: admin,
          body: form({ title: "Follow The Packs", packIds }),
        }),
        routeParams({ contestID: created.contestID }),
      );
    expect((await save([graded.id])).status).toBe(200);
    expect(await board()).toEqual([["early_taker", 375]]);
    expect((await save([])).status).toBe(200);
    expect(await board()).toEqual([]);
  });

  it("an unknown contest is a 404", async () => {
    const response = await patchRoute(
      await apiRequest("/api/admin/contests/nope", { method: "PATCH", as: admin, body: form() }),
      routeParams({ contestID: "nope" }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Contest not found." });
  });
});
