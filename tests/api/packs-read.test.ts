import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listPacksRoute } from "@/app/api/packs/route";
import { GET as playerPackTakesRoute } from "@/app/api/packs/[packURL]/userTakes/route";
import { GET as featuredRoute } from "@/app/api/featuredPack/route";
import { GET as myTakesRoute } from "@/app/api/userTakes/route";
import { GET as packProgressRoute } from "@/app/api/packProgress/route";
import { getDb } from "@/server/db/client";
import { events, packEvents, teams } from "@/server/db/schema";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getPackPage } from "@/server/packs/get-pack-page";
import { listPacks } from "@/server/packs/list-packs";
import { submitTakes } from "@/server/takes/submit-takes";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, expectNoPhoneIn, type TestPack } from "../helpers/packs";

beforeAll(createTestDb);
afterAll(closeTestDb);

const HOUR = 3_600_000;
const phones: string[] = [];

async function player(): Promise<TestProfile> {
  const p = await createProfile();
  phones.push(p.phone);
  return p;
}

async function json(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expectNoPhoneIn(body, phones);
  return { status: response.status, body };
}

/** Takes made while the pack was open (clock injected), so the pack can already be past close now. */
async function takeAll(pack: TestPack, who: TestProfile, side: "A" | "B", at: Date) {
  return submitTakes({
    profileId: who.id,
    packURL: pack.packURL,
    takes: pack.props.map((p) => ({ propId: p.id, side })),
    idempotencyKey: randomUUID(),
    now: at,
  });
}

const playerTakes = async (pack: TestPack, profileID: string, as?: TestProfile) =>
  json(
    await playerPackTakesRoute(
      await apiRequest(`/api/packs/${pack.packURL}/userTakes?profileID=${profileID}`, { as }),
      routeParams({ packURL: pack.packURL }),
    ),
  );

describe("GET /api/packs", () => {
  it("lists open packs with the pack fields of the spec and never drafts; fan takes count once the worker folds them in", async () => {
    const open = await createTestPack({ props: 3, title: "Open one" });
    const closed = await createTestPack({ openTime: new Date(Date.now() - 3 * HOUR), closeTime: new Date(Date.now() - HOUR) });
    const draft = await createTestPack({ status: "draft" });
    const fan = await player();
    await takeAll(open, fan, "A", new Date());
    // A changed mind replaces takes, it adds none: still three fan takes.
    await takeAll(open, fan, "B", new Date());
    // The worker's 2-second drain keeps the counts (prop_take_counts, docs/decisions/024-season-scale.md).
    await drainLeaderboardQueue();
    const { status, body } = await json(await listPacksRoute(await apiRequest("/api/packs?view=Open"), routeParams({})));
    expect(status).toBe(200);
    const packs = body.packs as Array<Record<string, unknown>>;
    const urls = packs.map((p) => p.packURL);
    expect(urls).toContain(open.packURL);
    expect(urls).not.toContain(closed.packURL);
    expect(urls).not.toContain(draft.packURL);
    expect(packs.find((p) => p.packURL === open.packURL)).toMatchObject({
      packTitle: "Open one",
      packLeague: "nfl",
      propsCount: 3,
      takeCount: 3,
      airtableId: open.id,
      eventTime: expect.any(String),
      packCloseTime: expect.any(String),
    });
    const all = await json(await listPacksRoute(await apiRequest("/api/packs?view=All"), routeParams({})));
    const allUrls = (all.body.packs as Array<{ packURL: string }>).map((p) => p.packURL);
    expect(allUrls).toContain(closed.packURL);
    expect(allUrls).not.toContain(draft.packURL);
  });

  it("refuses an unknown view", async () => {
    const { status, body } = await json(await listPacksRoute(await apiRequest("/api/packs?view=Secret"), routeParams({})));
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: "Unknown view" });
  });
});

describe("the games on a pack's card", () => {
  async function team(abbreviation: string) {
    const suffix = randomBytes(3).toString("hex");
    const [row] = await (
      await getDb()
    )
      .insert(teams)
      .values({
        league: "mlb",
        espnTeamId: `t-${suffix}`,
        slug: `${abbreviation.toLowerCase()}-${suffix}`,
        abbreviation,
        name: abbreviation,
        fullName: abbreviation,
      })
      .returning({ id: teams.id });
    return row!.id;
  }

  it("a live pack's card gets its game's score as the prop card shows it; a final one reads Final", async () => {
    const [nyy, bos] = [await team("NYY"), await team("BOS")];
    const pack = await createTestPack({
      status: "live",
      openTime: new Date(Date.now() - 5 * HOUR),
      closeTime: new Date(Date.now() - HOUR),
      eventStart: new Date(Date.now() - HOUR),
    });
    const db = await getDb();
    const game = { awayTeamId: nyy, homeTeamId: bos, awayScore: 3, homeScore: 5, status: "in_progress" as const, statusDetail: "Bot 7th" };
    await db.update(events).set(game).where(eq(events.id, pack.eventIds[0]!));

    const [live] = await listPacks({ packURLs: [pack.packURL] });
    expect(live!.chip).toBe("Live");
    expect(live!.games).toEqual([
      {
        id: pack.eventIds[0],
        startTime: expect.any(Date),
        status: "in_progress",
        statusDetail: "Bot 7th",
        homeScore: 5,
        awayScore: 3,
        home: "BOS",
        away: "NYY",
        liveState: null,
        liveVersion: null,
        scoreReadAt: null,
      },
    ]);
    // The same figures as the pack page's prop card.
    const page = await getPackPage({ packURL: pack.packURL });
    expect(page.props[0]!.event).toMatchObject({ homeScore: 5, awayScore: 3, status: "in_progress", statusDetail: "Bot 7th" });

    await db.update(events).set({ status: "final", statusDetail: "Final", homeScore: 6 }).where(eq(events.id, pack.eventIds[0]!));
    const [final] = await listPacks({ packURLs: [pack.packURL] });
    expect(final!.games[0]).toMatchObject({ status: "final", homeScore: 6, awayScore: 3 });
  });

  it("a pack of three games shows its first two by start time, and one without games none", async () => {
    const start = Date.now();
    const pack = await createTestPack({ eventStart: new Date(start + 3 * HOUR) });
    const db = await getDb();
    const others = await db
      .insert(events)
      .values([
        { league: "nfl", title: "Earliest", startTime: new Date(start + HOUR) },
        { league: "nfl", title: "Latest", startTime: new Date(start + 5 * HOUR) },
      ])
      .returning({ id: events.id });
    await db.insert(packEvents).values(others.map((e) => ({ packId: pack.id, eventId: e.id })));
    const [summary] = await listPacks({ packURLs: [pack.packURL] });
    expect(summary!.games.map((g) => g.startTime.getTime())).toEqual([start + HOUR, start + 3 * HOUR]);
    expect(summary!.games.every((g) => g.status === "scheduled" && g.home === null && g.homeScore === null)).toBe(true);

    const bare = await createTestPack();
    await db.delete(packEvents).where(eq(packEvents.packId, bare.id));
    const [none] = await listPacks({ packURLs: [bare.packURL] });
    expect(none!.games).toEqual([]);
  });
});

describe("GET /api/featuredPack", () => {
  it("answers 'No active featured pack found' without one, then the open featured pack", async () => {
    const none = await json(await featuredRoute(await apiRequest("/api/featuredPack"), routeParams({})));
    expect(none).toEqual({ status: 404, body: { success: false, error: "No active featured pack found" } });
    await createTestPack({ featured: true, openTime: new Date(Date.now() - 3 * HOUR), closeTime: new Date(Date.now() - HOUR) });
    const featured = await createTestPack({ featured: true, title: "Big game", prizeTitle: "Signed ball" });
    const { status, body } = await json(await featuredRoute(await apiRequest("/api/featuredPack"), routeParams({})));
    expect(status).toBe(200);
    expect(body.featuredPack).toEqual({
      packURL: featured.packURL,
      packTitle: "Big game",
      packCover: [],
      packPrizeImage: [],
      prizeSummary: "Signed ball",
    });
  });
});

describe("privacy of takes", () => {
  it("before close: only the owner reads their takes and nobody sees the crowd split", async () => {
    const owner = await player();
    const other = await player();
    const pack = await createTestPack({ props: 2 });
    await takeAll(pack, owner, "B", new Date());

    const mine = await playerTakes(pack, owner.handle, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.items).toMatchObject([
      { statement: "Side B of prop 1", result: "pending", points: 0, propID: pack.props[0]!.id },
      { statement: "Side B of prop 2", result: "pending", points: 0, propID: pack.props[1]!.id },
    ]);
    const theirs = await playerTakes(pack, owner.handle, other);
    expect(theirs).toEqual({ status: 403, body: { success: false, error: "Takes on this pack stay private until it closes." } });
    const visitor = await playerTakes(pack, owner.handle);
    expect(visitor.status).toBe(403);

    const page = await getPackPage({ packURL: pack.packURL, viewerProfileId: other.id });
    expect(page.props.every((p) => p.split === null && p.viewerTake === null)).toBe(true);
    const ownPage = await getPackPage({ packURL: pack.packURL, viewerProfileId: owner.id });
    expect(ownPage.props.map((p) => p.viewerTake?.side)).toEqual(["B", "B"]);
  });

  it("after close: anyone reads a player's takes and each prop shows its split", async () => {
    const owner = await player();
    const friend = await player();
    const closeTime = new Date(Date.now() - HOUR);
    const pack = await createTestPack({ openTime: new Date(closeTime.getTime() - 5 * HOUR), closeTime, props: 1 });
    const whileOpen = new Date(closeTime.getTime() - HOUR);
    await takeAll(pack, owner, "A", whileOpen);
    await takeAll(pack, friend, "B", whileOpen);

    const visitor = await playerTakes(pack, owner.handle.toUpperCase());
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ success: true, profileID: owner.handle, items: [{ statement: "Side A of prop 1" }] });
    // The split is the maintained per-side count: folded in by the worker's drain, which has run
    // long before anyone reads a closed pack (no take changes after the close).
    await drainLeaderboardQueue();
    const page = await getPackPage({ packURL: pack.packURL });
    expect(page.closed).toBe(true);
    expect(page.props[0]!.split).toEqual({ A: 1, B: 1 });
  });

  it("a prop card says Open only while its pack takes picks: Closed after the close, Opens soon before the open", async () => {
    const closed = await createTestPack({ openTime: new Date(Date.now() - 5 * HOUR), closeTime: new Date(Date.now() - HOUR), props: 2 });
    const soon = await createTestPack({
      status: "coming-soon",
      openTime: new Date(Date.now() + HOUR),
      closeTime: new Date(Date.now() + 5 * HOUR),
      props: 1,
    });
    const open = await createTestPack({ props: 1 });
    // The props themselves are still marked open in every one of them.
    expect((await getPackPage({ packURL: closed.packURL })).props.map((p) => [p.status, p.open, p.statusLabel])).toEqual([
      ["open", false, "Closed"],
      ["open", false, "Closed"],
    ]);
    expect((await getPackPage({ packURL: soon.packURL })).props.map((p) => [p.open, p.statusLabel])).toEqual([[false, "Opens soon"]]);
    expect((await getPackPage({ packURL: open.packURL })).props.map((p) => [p.open, p.statusLabel])).toEqual([[true, "Open"]]);
  });

  it("answers an unknown player with 404 and a missing profileID with 400", async () => {
    const pack = await createTestPack({ props: 1 });
    expect((await playerTakes(pack, "ghost_player")).status).toBe(404);
    const missing = await json(
      await playerPackTakesRoute(await apiRequest(`/api/packs/${pack.packURL}/userTakes`), routeParams({ packURL: pack.packURL })),
    );
    expect(missing).toEqual({ status: 400, body: { success: false, error: "Missing profileID" } });
  });
});

describe("GET /api/userTakes", () => {
  it("returns the signed-in player's current takes only", async () => {
    const me = await player();
    const pack = await createTestPack({ props: 2 });
    await takeAll(pack, me, "A", new Date(Date.now() - 60_000));
    await takeAll(pack, me, "B", new Date());
    const { status, body } = await json(await myTakesRoute(await apiRequest("/api/userTakes", { as: me }), routeParams({})));
    expect(status).toBe(200);
    const takes = body.takes as Array<Record<string, unknown>>;
    expect(takes).toHaveLength(2);
    expect(takes.every((t) => t.propSide === "B" && t.takeResult === "pending" && t.packURL === pack.packURL)).toBe(true);
    const visitor = await myTakesRoute(await apiRequest("/api/userTakes"), routeParams({}));
    expect(visitor.status).toBe(401);
  });

  it("pages a player's takes newest first by cursor, every take once, and refuses a forged cursor", async () => {
    const me = await player();
    const packs: TestPack[] = [];
    // 25 packs of 5 props: 125 takes, more than a page of 100; five share each creation time.
    for (let n = 0; n < 25; n++) {
      const pack = await createTestPack({ props: 5 });
      await takeAll(pack, me, "A", new Date(Date.now() - (25 - n) * 60_000));
      packs.push(pack);
    }
    const first = await json(await myTakesRoute(await apiRequest("/api/userTakes", { as: me }), routeParams({})));
    expect(first.body.takes).toHaveLength(100);
    const second = await json(
      await myTakesRoute(await apiRequest(`/api/userTakes?cursor=${first.body.nextCursor}`, { as: me }), routeParams({})),
    );
    expect(second.body.takes).toHaveLength(25);
    expect(second.body.nextCursor).toBeNull();
    const all = [
      ...(first.body.takes as Array<{ propID: string; createdAt: string }>),
      ...(second.body.takes as Array<{ propID: string; createdAt: string }>),
    ];
    expect(new Set(all.map((take) => take.propID)).size).toBe(125);
    const times = all.map((take) => take.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all[0]!.createdAt).toBe(all.find((take) => packs.at(-1)!.props.some((prop) => prop.id === take.propID))!.createdAt);
    const forged = await json(await myTakesRoute(await apiRequest("/api/userTakes?cursor=bm9wZQ", { as: me }), routeParams({})));
    expect(forged).toMatchObject({ status: 400, body: { success: false, error: "Invalid cursor" } });
  });
});

describe("GET /api/packProgress", () => {
  const progress = async (ids: string, as?: TestProfile) =>
    json(await packProgressRoute(await apiRequest(`/api/packProgress?ids=${ids}`, { as }), routeParams({})));

  it("tells a signed-in player how many props of each asked pack they have taken, and nobody else's", async () => {
    const first = await createTestPack({ props: 3 });
    const second = await createTestPack({ props: 2 });
    const untouched = await createTestPack({ props: 2 });
    const fan = await player();
    const other = await player();
    await submitTakes({
      profileId: fan.id,
      packURL: first.packURL,
      takes: first.props.slice(0, 2).map((p) => ({ propId: p.id, side: "A" as const })),
      idempotencyKey: randomUUID(),
    });
    await takeAll(second, fan, "B", new Date());
    // A switched pick is still one prop taken.
    await takeAll(second, fan, "A", new Date());
    await takeAll(untouched, other, "A", new Date());

    // Read at once, with no drain: the player who just submitted sees it.
    const { status, body } = await progress([first.id, second.id, untouched.id].join(","), fan);
    expect(status).toBe(200);
    expect(body.progress).toEqual({ [first.id]: 2, [second.id]: 2 });
  });

  it("refuses visitors, ids that are not pack ids and more than 100 packs, with a JSON error", async () => {
    const fan = await player();
    expect((await progress(randomUUID())).status).toBe(401);
    for (const ids of ["", "not-a-uuid", `${randomUUID()},1' or '1'='1`, Array.from({ length: 101 }, () => randomUUID()).join(",")]) {
      const { status, body } = await progress(encodeURIComponent(ids), fan);
      expect(status, ids.slice(0, 40)).toBe(400);
      expect(body.success).toBe(false);
      expect(typeof body.error).toBe("string");
    }
    // Repeated ids count once; an unknown pack is simply absent.
    const { status, body } = await progress(Array.from({ length: 150 }, () => "7c9e6679-7425-40de-944b-e07fc1f90ae7").join(","), fan);
    expect(status).toBe(200);
    expect(body.progress).toEqual({});
  });
});
