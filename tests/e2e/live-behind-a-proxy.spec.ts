import http from "node:http";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { startEspnServer, type EspnReplayServer } from "../helpers/espn-server";
import { createLiveGame, scoreText, serveLiveGame, type LiveGameRows } from "../helpers/live-game";
import type { LiveStep } from "../helpers/live-scoreboard";
import type { LiveGame } from "../../src/domain/live";
import { BASE_PORT, E2E_METRICS_TOKEN } from "./env";
import { NEEDS_NGINX, nginxBinary, startDeployedProxy, type DeployedProxy } from "./nginx-proxy";
import {
  NEEDS_POSTGRES,
  createThrowawayDatabase,
  freshRunDir,
  startAppServer,
  stopServer,
  testDatabaseUrl,
  waitUntilHealthy,
  type AppServer,
  type ThrowawayDatabase,
} from "./spawn-server";

// Issue 37's acceptance item: two production instances on one PostgreSQL database behind the
// shipped deploy/nginx.conf (tests/e2e/nginx-proxy.ts); a score change polled by one instance
// reaches a fan whose live stream is held by the other (docs/decisions/053-game-day-live.md:
// each instance LISTENs once and feeds its own streams). Only instance A runs the worker, polling
// the ESPN replay server every 2 s; instance B runs none and its ESPN address answers nothing, so
// every reading the fan sees was read by A and reached B through the database's notices. The fan,
// in Chromium through nginx, is moved onto B (a hidden tab lets its stream go, a shown one opens a
// new one, and nginx's round robin picks the next instance) and B's own /api/metrics says it holds
// the stream. Then: the stream passes nginx as it is written and stays open across the app's 15 s
// heartbeat; and when B shuts down, its streams end, the browser reconnects through nginx to A
// and follows the next change, all without a reload.

const portA = BASE_PORT + 21;
const portB = BASE_PORT + 22;
const proxyPort = BASE_PORT + 23;
const PACK_URL = "tb-lac-behind-proxy";
/** Where B would ask ESPN: the discard port, where nothing listens. */
const NOWHERE = "http://127.0.0.1:9";

test.describe.configure({ mode: "serial" });
test.skip(!testDatabaseUrl, NEEDS_POSTGRES);
test.skip(!nginxBinary, NEEDS_NGINX);

let espn: EspnReplayServer;
let database: ThrowawayDatabase | undefined;
let a: AppServer | undefined;
let b: AppServer | undefined;
let proxy: DeployedProxy | undefined;
let game: LiveGameRows;
/** The fan's tab, open from the first test to the last. */
let context: BrowserContext | undefined;
let page: Page;
/** Requests the fan's tab made for /api/live/stream: one per stream opened (the browser's reconnections included). */
let streamRequests = 0;

const serve = (step: LiveStep) => serveLiveGame(espn, game.route, step);
const scoreLine = () => page.locator("[data-live-score]").first();
const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** Live streams open on one instance: its own takes_live_streams gauge, read on its own address. */
async function liveStreams(server: AppServer): Promise<number> {
  const metrics = await (
    await fetch(`${server.baseURL}/api/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })
  ).text();
  const value = /^takes_live_streams (\d+)/m.exec(metrics)?.[1];
  expect(value, `port ${server.port} reports takes_live_streams`).toBeDefined();
  return Number(value);
}

/** The streams each instance holds, once they add up to `total` (a stream opens and closes a moment after the browser asks). */
async function streamsOnceThere(total: number): Promise<{ A: number; B: number }> {
  let counts = { A: 0, B: 0 };
  await expect
    .poll(
      async () => {
        counts = { A: await liveStreams(a!), B: await liveStreams(b!) };
        return counts.A + counts.B;
      },
      { timeout: 20_000, message: `${total} live stream(s) open across both instances` },
    )
    .toBe(total);
  return counts;
}

async function setVisibility(state: "hidden" | "visible"): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { value, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

/** A stream read over a real TCP connection, every byte as it came. */
interface RawStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  text(): string;
  /** The games its `game` events carried, in order. */
  games(): LiveGame[];
  ended: boolean;
  close(): void;
}

function openStream(url: string): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    let received = "";
    const request = http.get(url, (response) => {
      const stream: RawStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => received,
        games: () =>
          received
            .split("\n\n")
            .filter((message) => message.split("\n").includes("event: game"))
            .map(
              (message) =>
                JSON.parse(
                  message
                    .split("\n")
                    .find((line) => line.startsWith("data: "))!
                    .slice("data: ".length),
                ) as LiveGame,
            ),
        ended: false,
        close: () => request.destroy(),
      };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (received += chunk));
      response.on("end", () => (stream.ended = true));
      response.on("aborted", () => (stream.ended = true));
      response.on("error", () => (stream.ended = true));
      resolve(stream);
    });
    request.on("error", reject);
  });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  espn = await startEspnServer();
  database = await createThrowawayDatabase("live_proxy");
  const runDir = freshRunDir("live-behind-a-proxy");
  const proxyURL = `http://127.0.0.1:${proxyPort}`;
  // As deployed behind nginx: its public address, one proxy hop trusted, no demo data.
  const deployed = { NEXTAUTH_URL: proxyURL, TRUSTED_PROXY_HOPS: "1", SEED_ON_START: "" };
  a = startAppServer({
    port: portA,
    databaseUrl: database.url,
    runDir,
    env: { ...deployed, LIVE_POLL_MS: "2000", ESPN_BASE_URL: espn.siteBaseUrl, ESPN_CORE_BASE_URL: espn.coreBaseUrl },
  });
  b = startAppServer({
    port: portB,
    databaseUrl: database.url,
    runDir,
    env: {
      ...deployed,
      RUN_WORKER_IN_PROCESS: "0",
      ESPN_BASE_URL: `${NOWHERE}/apis/site/v2/sports`,
      ESPN_CORE_BASE_URL: `${NOWHERE}/v2/sports`,
    },
  });
  await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
  proxy = await startDeployedProxy({ runDir, port: proxyPort, appPorts: [portA, portB] });

  game = await createLiveGame(async <T>(text: string, values?: unknown[]) => (await database!.query(text, values)) as T[], PACK_URL);
  const first = serve({ state: "in_progress", fraction: 0.3 });
  // A's worker reads it (B has no worker, and no ESPN to read).
  await expect
    .poll(async () => (await database!.query("select home_score, away_score from events where id = $1", [game.event]))[0], {
      timeout: 60_000,
      message: "instance A polls the game's first reading",
    })
    .toEqual({ home_score: first.home, away_score: first.away });
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await context?.close();
  await proxy?.stop();
  await Promise.all([stopServer(a), stopServer(b)]);
  await database?.drop();
  await espn?.close();
});

test("a score change polled by one instance reaches a fan whose live stream the other instance holds, through the proxy, without a reload", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  context = await browser.newContext();
  page = await context.newPage();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/live/stream") streamRequests++;
  });
  const early = serve({ state: "in_progress", fraction: 0.3 });
  await page.goto(`${proxy!.url}/packs/${PACK_URL}`);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await expect(scoreLine()).toContainText(scoreText(early));

  // Onto B: while the stream is on A, hide the tab (its stream closes) and show it (a new one
  // opens, sent by nginx's round robin to whichever instance is next). Showing the tab also asks
  // for the session: a varying number of requests in between keeps the stream from landing on A
  // every time in step with them.
  for (let attempt = 1; (await streamsOnceThere(1)).B === 0; attempt++) {
    expect(attempt, "nginx sends one of the tab's new streams to B").toBeLessThanOrEqual(8);
    await setVisibility("hidden");
    await streamsOnceThere(0);
    for (let extra = 0; extra < attempt; extra++) await page.evaluate(() => fetch("/api/health").then((answer) => answer.status));
    await setVisibility("visible");
  }
  const opened = streamRequests;

  // Halftime, as A reads it: the fan on B sees it.
  const half = serve({ state: "halftime" });
  expect(half).not.toEqual(early);
  await expect(scoreLine()).toContainText(`${scoreText(half)} · Halftime`, { timeout: 30_000 });
  // On the same stream, still on B, the page never loaded again; only A asked ESPN anything.
  expect(await streamsOnceThere(1)).toEqual({ A: 0, B: 1 });
  expect(streamRequests, "the tab opened no other stream").toBe(opened);
  expect(await stayed()).toBe(true);
  expect(espn.requests.filter((request) => request.includes("/scoreboard")).length).toBeGreaterThan(0);
});

test("a live stream through the proxy is passed on as it is written and stays open across the app's 15 s heartbeat", async () => {
  test.setTimeout(120_000);
  // The instance asks nginx not to buffer (nginx keeps X-Accel-* headers for itself, so read on B's own address).
  const direct = await openStream(`${b!.baseURL}/api/live/stream?events=${game.event}`);
  direct.close();
  expect(direct.status).toBe(200);
  expect(direct.headers["x-accel-buffering"]).toBe("no");
  expect(direct.headers["cache-control"]).toContain("no-transform");

  const openedAt = Date.now();
  const stream = await openStream(`${proxy!.url}/api/live/stream?events=${game.event}`);
  expect(stream.status).toBe(200);
  expect(stream.headers["content-type"]).toContain("text/event-stream");
  // The first few hundred bytes arrive at once: nothing on the way holds them to fill a buffer.
  await expect.poll(() => stream.games().length, { timeout: 5_000, message: "the current reading arrives at once" }).toBe(1);
  expect(stream.text().startsWith("retry: 3000\n")).toBe(true);
  const current = stream.games()[0]!;
  expect(current.state).toBe("halftime");

  // Within 15 s the app writes its keep-alive comment, and nginx passes it on.
  await expect
    .poll(() => stream.text().includes("\n: keep-alive\n"), { timeout: 25_000, message: "a heartbeat comes through nginx" })
    .toBe(true);
  const heartbeatAfter = Date.now() - openedAt;
  expect(stream.ended, "nginx did not cut the stream").toBe(false);

  // Still open after it: the next change comes on the same stream, and to the fan on B.
  const turned = serve({ state: "in_progress", fraction: 0.6 });
  expect(turned).not.toEqual({ home: current.homeScore, away: current.awayScore });
  await expect
    .poll(() => stream.games().at(-1)?.version ?? 0, { timeout: 30_000, message: "the change comes on the same stream" })
    .toBeGreaterThan(current.version);
  expect(stream.games().at(-1)).toMatchObject({ homeScore: turned.home, awayScore: turned.away, state: "in_progress" });
  expect(stream.ended).toBe(false);
  await expect(scoreLine()).toContainText(scoreText(turned), { timeout: 30_000 });
  stream.close();
  test.info().annotations.push({ type: "heartbeat", description: `first keep-alive ${heartbeatAfter} ms after the stream opened` });

  // The fan's stream, on B since the first test, was never cut either.
  expect(await streamsOnceThere(1)).toEqual({ A: 0, B: 1 });
  expect(await stayed()).toBe(true);
});

test("when the fan's instance shuts down, the browser reconnects through the proxy to the other and still follows the game", async () => {
  test.setTimeout(120_000);
  expect(await streamsOnceThere(1)).toEqual({ A: 0, B: 1 });
  const opened = streamRequests;

  // SIGTERM: B ends its streams first, so it finishes well within stopServer's 15 s before SIGKILL.
  const stopping = Date.now();
  await stopServer(b);
  const stoppedIn = Date.now() - stopping;
  expect(b!.process.signalCode, `B exited by itself (${stoppedIn} ms), its streams ended rather than held`).toBeNull();

  // The browser reconnects (retry: 3000) through nginx, which finds B gone and sends it to A.
  await expect.poll(() => liveStreams(a!), { timeout: 30_000, message: "the fan's stream is on A now" }).toBe(1);
  expect(streamRequests).toBeGreaterThan(opened);

  const turned = await database!.query<{ home_score: number; away_score: number }>(
    "select home_score, away_score from events where id = $1",
    [game.event],
  );
  const late = serve({ state: "in_progress", fraction: 0.8 });
  expect(late).not.toEqual({ home: turned[0]!.home_score, away: turned[0]!.away_score });
  await expect(scoreLine()).toContainText(scoreText(late), { timeout: 30_000 });
  expect(await stayed()).toBe(true);

  // nginx's own account: the fan's stream on B was answered whole by B and lasted past a heartbeat.
  const onB = proxy!
    .accessLines()
    .filter((line) => line.uri.startsWith("/api/live/stream") && line.upstream.split(",").at(-1)!.trim() === `127.0.0.1:${portB}`);
  expect(
    onB.some((line) => line.status === 200 && Number(line.seconds) > 15),
    JSON.stringify(onB),
  ).toBe(true);
  test.info().annotations.push({ type: "shutdown", description: `B stopped in ${stoppedIn} ms` });
});
