import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { startEspnServer, type EspnReplayServer } from "../helpers/espn-server";
import { createLiveGame, scoreText, serveLiveGame } from "../helpers/live-game";
import type { LiveStep } from "../helpers/live-scoreboard";
import { BASE_PORT, E2E_METRICS_TOKEN } from "./env";
import { expectAccessible, latestCode } from "./helpers";
import {
  createThrowawayDatabase,
  freshRunDir,
  NEEDS_POSTGRES,
  startAppServer,
  stopServer,
  testDatabaseUrl,
  waitUntilHealthy,
  type AppServer,
  type ThrowawayDatabase,
} from "./spawn-server";

// Game day, live (issue 37, docs/decisions/053-game-day-live.md), in Chromium on a production
// server of its own (port E2E_PORT + 19) whose worker polls the ESPN replay server every 2 s (its
// own tick; ESPN itself is read at most every 5 s, src/env.ts). ESPN's recorded Buccaneers at
// Chargers of 2024-12-15 (tests/helpers/live-scoreboard.ts) is replayed as a game that kicked off
// twenty minutes ago: in progress with the Chargers ahead, halftime, the Buccaneers ahead, final
// 40-17. A fan who took the Buccaneers to win and the game to go over 44.5 watches the pack page
// and the feed at 375 px: the score, the clock and each pick's "if it ended now" follow the game
// without a reload, and at the final whistle the props grade themselves. The rows come straight
// from SQL (teams, the game, a closed pack with two rule props, the fan's takes), so the spec needs
// PostgreSQL.

const port = BASE_PORT + 19;
const baseURL = `http://127.0.0.1:${port}`;
const FAN = "5555551901";
const PHONE = { width: 375, height: 812 };

let espn: EspnReplayServer;
let server: AppServer | undefined;
let database: ThrowawayDatabase | undefined;
let db: pg.Client;
let route = "";
const ids = { event: "", pack: "", whoWins: "", total: "" };
const PACK_URL = "tb-lac-live";

test.use({ baseURL });
test.describe.configure({ mode: "serial" });
test.skip(!testDatabaseUrl, NEEDS_POSTGRES);

/** What ESPN's scoreboard says of the game at `step`: the replay answers it, the test expects it. */
function serve(step: LiveStep): { home: number; away: number } {
  return serveLiveGame(espn, route, step);
}

/** The game's live version: moves when a reading a fan would see is stored. */
async function version(): Promise<number> {
  const { rows } = await db.query<{ v: string | null }>("select live_version as v from events where id = $1", [ids.event]);
  return Number(rows[0]?.v ?? 0);
}

/** When the worker last started the live poll (it claims each period in periodic_task_runs). */
async function lastPollStart(): Promise<number> {
  const { rows } = await db.query<{ at: Date }>("select started_at as at from periodic_task_runs where task = 'live-poll'");
  return rows[0]?.at.getTime() ?? 0;
}

async function pollRuns(count: number): Promise<void> {
  let seen = await lastPollStart();
  for (let run = 0; run < count; run++) {
    await expect.poll(lastPollStart, { timeout: 30_000, message: "the worker runs the live poll every 2 s" }).toBeGreaterThan(seen);
    seen = await lastPollStart();
  }
}

const scoreboardRequests = () => espn.requests.filter((request) => request.includes("/scoreboard")).length;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  espn = await startEspnServer();
  const runDir = freshRunDir("game-day-live");
  database = await createThrowawayDatabase("takes_live");
  server = startAppServer({
    port,
    databaseUrl: database.url,
    runDir,
    env: {
      SEED_ON_START: "",
      DATA_DIR: path.join(runDir, "data"),
      LIVE_POLL_MS: "2000",
      ESPN_BASE_URL: espn.siteBaseUrl,
      ESPN_CORE_BASE_URL: espn.coreBaseUrl,
    },
  });
  await waitUntilHealthy(server);
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});

test.afterAll(async () => {
  await db?.end();
  await stopServer(server);
  await database?.drop();
  await espn?.close();
});

/** The Buccaneers at the Chargers, under way since twenty minutes ago, in a pack closed at kickoff with two rule props. */
async function createGame(): Promise<void> {
  const { route: day, ...rows } = await createLiveGame(async (text, values) => (await db.query(text, values)).rows, PACK_URL);
  Object.assign(ids, rows);
  route = day;
}

async function signIn(page: Page): Promise<string> {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": "198.19.19.1" });
  const startedAt = Date.now() - 1_000;
  await page.goto("/login?redirect=%2F");
  await page.getByLabel(/enter your phone/i).fill(FAN);
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel(/6-digit code/i).fill(await latestCode(FAN, startedAt, server!.smsLogFile));
  await page.getByRole("button", { name: /verify/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  const session = (await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as {
    user: { profileID: string; isNewProfile?: boolean };
  };
  if (session.user.isNewProfile)
    await page.getByRole("dialog", { name: "Choose a Username" }).getByRole("button", { name: "Not now" }).click();
  return session.user.profileID;
}

/** The fan's picks, made before the pack closed: the Buccaneers (side B, 320) and the over (side A, 250). */
async function pickBucsAndOver(handle: string): Promise<void> {
  const profileId = (await db.query<{ id: string }>("select id from profiles where handle = $1", [handle])).rows[0]!.id;
  await db.query("insert into receipts (id, profile_id, pack_id, idempotency_key) values ('livefan01', $1, $2, 'livefan01')", [
    profileId,
    ids.pack,
  ]);
  for (const [propId, side, value] of [
    [ids.whoWins, "B", 320],
    [ids.total, "A", 250],
  ] as const) {
    await db.query(
      "insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value) values ($1, $2, $3, 'livefan01', $4, $5)",
      [profileId, propId, ids.pack, side, value],
    );
  }
  // A rival who took the other side of both: the Chargers early, at a short price (63), and the under.
  const rival = (await db.query<{ id: string }>("insert into profiles (handle, phone) values ('sam_rival', '+15555551902') returning id"))
    .rows[0]!.id;
  await db.query("insert into receipts (id, profile_id, pack_id, idempotency_key) values ('liverival1', $1, $2, 'liverival1')", [
    rival,
    ids.pack,
  ]);
  for (const [propId, side, value] of [
    [ids.whoWins, "A", 63],
    [ids.total, "B", 250],
  ] as const) {
    await db.query(
      "insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value) values ($1, $2, $3, 'liverival1', $4, $5)",
      [rival, propId, ids.pack, side, value],
    );
  }
}

const rooting = (page: Page, propId: string) => page.getByTestId("rooting-guide").locator(`[data-rooting="${propId}"]`);

const pick = (page: Page, propId: string) => page.locator(`[data-provisional="${propId}"]`);

async function liveStreams(): Promise<number> {
  const metrics = await (await fetch(`${baseURL}/api/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
  return Number(/^takes_live_streams (\d+)/m.exec(metrics)?.[1] ?? 0);
}

test("the worker asks ESPN nothing while no game is live, and one scoreboard per run once one is", async () => {
  // The worker runs the live poll (its period is claimed in the database) with no game in its window.
  await pollRuns(2);
  expect(scoreboardRequests()).toBe(0);

  await createGame();
  serve({ state: "in_progress", fraction: 0.3 });
  await expect.poll(version, { timeout: 30_000, message: "the first reading is stored" }).toBeGreaterThan(0);
  const before = scoreboardRequests();
  await pollRuns(3);
  // One league and day, one request per run (give or take the run under way when counting began).
  expect(scoreboardRequests() - before).toBeGreaterThanOrEqual(2);
  expect(scoreboardRequests() - before).toBeLessThanOrEqual(4);
});

test("a hidden tab lets go of its stream, and when shown again it shows the score it missed", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const before = serve({ state: "in_progress", fraction: 0.4 });
  await expect
    .poll(async () => (await db.query("select home_score, away_score from events where id = $1", [ids.event])).rows[0], { timeout: 30_000 })
    .toEqual({
      home_score: before.home,
      away_score: before.away,
    });
  await page.goto(`/packs/${PACK_URL}`);
  const line = page.locator("[data-live-score]").first();
  await expect(line).toContainText(`TB ${before.away} @ LAC ${before.home}`);
  await expect.poll(liveStreams, { timeout: 10_000 }).toBe(1);

  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(liveStreams, { timeout: 10_000, message: "a hidden tab holds no stream" }).toBe(0);
  const missed = serve({ state: "in_progress", fraction: 0.45, scores: { home: 14, away: 13 } });
  const seen = await version();
  await expect.poll(version, { timeout: 30_000 }).toBeGreaterThan(seen);
  expect(missed).not.toEqual(before);
  // Still hidden: nothing came.
  await expect(line).toContainText(`TB ${before.away} @ LAC ${before.home}`);

  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(line).toContainText(`TB ${missed.away} @ LAC ${missed.home}`, { timeout: 10_000 });
  await expect.poll(liveStreams, { timeout: 10_000 }).toBe(1);
  await context.close();
});

test("at 375 px the pack page and the feed follow the game without a reload, and the props grade themselves at the final", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await pickBucsAndOver(await signIn(page));

  const early = serve({ state: "in_progress", fraction: 0.3 });
  await page.goto(`/packs/${PACK_URL}`);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const feed = await context.newPage();
  await feed.goto("/?day=all");
  await feed.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const card = feed.getByTestId("pack-card").filter({ hasText: "Bucs at Chargers" });

  await expect(page.locator("[data-live-score]").first()).toContainText(scoreText(early));
  await expect(card.locator("[data-live-score]")).toContainText(scoreText(early));
  await expect(card).toContainText("Live");
  const leaderEarly = early.home > early.away ? "Losing" : early.home < early.away ? "Winning" : "Push";
  await expect(pick(page, ids.whoWins)).toContainText(`${leaderEarly} if it ended now`);
  await expectAccessible(page);

  // Halftime: the Chargers lead 17-13; the Buccaneers pick is losing and the total (30) under.
  const half = serve({ state: "halftime" });
  expect(half.home).toBeGreaterThan(half.away);
  await expect(page.locator("[data-live-score]").first()).toContainText(`${scoreText(half)} · Halftime`, { timeout: 30_000 });
  await expect(card.locator("[data-live-score]")).toContainText(`${scoreText(half)} · Halftime`);
  await expect(pick(page, ids.whoWins)).toHaveText("Losing if it ended now");
  await expect(pick(page, ids.total)).toHaveText("Losing if it ended now");
  await expect(page.getByTestId("provisional-pack-points")).toContainText("0 pts");
  // The rival leads the pack (63 + 250): a Buccaneers win (+320) would take the fan past them.
  await expect(page.getByTestId("provisional-rank")).toContainText("#2 of 2");
  // The pack's board says it too, as provisional, above an official table that has nothing graded yet.
  await expect(page.getByTestId("provisional-board-rank")).toContainText("Provisional · If it ended now you would be #2 of 2 with 0 pts");
  await expect(page.getByRole("region", { name: /^Leaderboard for / })).toHaveCount(0);
  // The game-day card, its rooting guide and the board's provisional line, as a screen reader meets them.
  await expectAccessible(page);
  await expect(rooting(page, ids.whoWins)).toContainText("Root for TB (Who wins?): +320 pts if it goes your way, you pass @sam_rival");

  // The Buccaneers take the lead: the pick turns, and the provisional total with it.
  const turned = serve({ state: "in_progress", fraction: 0.6 });
  expect(turned.away).toBeGreaterThan(turned.home);
  await expect(pick(page, ids.whoWins)).toHaveText("Winning if it ended now · +320 pts", { timeout: 30_000 });
  await expect(page.locator("[data-live-score]").first()).toContainText(scoreText(turned));
  await expect(page.getByTestId("provisional-pack-points")).toContainText(turned.home + turned.away > 44.5 ? "570 pts" : "320 pts");
  // Now the fan leads (320 against the rival's under, 250), and the guide says what could undo it:
  // a Chargers comeback would pay the rival 63 more and the fan nothing. The over passes nobody more.
  expect(turned.home + turned.away).toBeLessThan(44.5);
  await expect(page.getByTestId("provisional-rank")).toContainText("#1 of 2");
  await expect(page.getByTestId("provisional-board-rank")).toContainText("#1 of 2 with 320 pts");
  await expect(rooting(page, ids.whoWins)).toHaveText(
    "Root for TB (Who wins?): +320 pts if it goes your way, if not, @sam_rival passes you",
  );
  await expect(rooting(page, ids.total)).toHaveText("Root for Over (Over or under 44.5?): +250 pts if it goes your way");

  // Final, 40-17: the worker grades both props from that reading, and the page shows the grade.
  const final = serve({ state: "final" });
  expect(final).toEqual({ home: 17, away: 40 });
  await expect(page.locator("[data-live-score]").first()).toContainText(`${scoreText(final)} · Final`, { timeout: 30_000 });
  await expect(page.getByRole("group", { name: /^TB, 320 points, your pick, .*Won$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: /^Over, 250 points, your pick, .*Won$/ })).toBeVisible();
  await expect(page.getByTestId("provisional-pack-points")).toHaveCount(0);
  await expect(page.getByTestId("provisional-board-rank")).toHaveCount(0);
  await expect(card.locator("[data-live-score]")).toContainText(`${scoreText(final)} · Final`);
  // Neither page was loaded again.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await feed.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await context.close();
});
