import { expect, request, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { BASE_PORT } from "./env";
import { signInOverHttp } from "./helpers";
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

// SIGTERM to the production server while a player's request is in flight (docs/decisions/031-crash-safe-worker.md):
// the server stops taking new connections, answers that request, and only then closes its
// database pool and exits 0. It once closed the pool first, and the request died with "Cannot use
// a pool after calling end on the pool".

const port = BASE_PORT + 15;

test.describe.configure({ mode: "serial" });
test.skip(!testDatabaseUrl, NEEDS_POSTGRES);

let database: ThrowawayDatabase | undefined;
let server: AppServer | undefined;
let api: APIRequestContext | undefined;
let blocker: pg.Client | undefined;

test.afterAll(async () => {
  test.setTimeout(60_000);
  await blocker?.end().catch(() => {});
  await stopServer(server);
  await api?.dispose();
  await database?.drop();
});

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}:\n${server?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a request in flight when the server is told to stop is answered 200, then the server exits 0", async () => {
  test.setTimeout(240_000);
  database = await createThrowawayDatabase("graceful_stop");
  server = startAppServer({ port, databaseUrl: database.url, runDir: freshRunDir("graceful-shutdown") });
  await waitUntilHealthy(server);
  api = await request.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.19.31.1" }, timeout: 60_000 });
  await signInOverHttp(api, { baseURL: server.baseURL, phoneDigits: "5555550101", smsLogFile: server.smsLogFile, clientIp: "198.19.31.1" });

  // Hold the request inside its first query: the session check reads `profiles`, locked here.
  blocker = new pg.Client({ connectionString: database.url });
  await blocker.connect();
  await blocker.query("begin");
  await blocker.query("lock table profiles in access exclusive mode");
  const inFlight = api.get(`${server.baseURL}/api/userTakes`);
  await until("the request waits on the lock", async () => {
    const rows = await database!.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    return rows.length > 0;
  });

  const exited = new Promise<number | null>((resolve) => server!.process.once("exit", (code) => resolve(code)));
  server.process.kill("SIGTERM");
  // It stops accepting: a new connection is refused while the old request still waits.
  await until("new connections are refused", async () => {
    try {
      await fetch(`${server!.baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return false;
    } catch (error) {
      return /ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error));
    }
  });
  expect(server.process.exitCode, "the server waits for the request in flight").toBeNull();

  await blocker.query("commit");
  const response = await inFlight;
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ success: true, takes: expect.any(Array) });
  expect(await exited).toBe(0);
  expect(server.output()).not.toContain("Cannot use a pool after calling end");
  expect(server.output()).toContain("shut down cleanly");
});
