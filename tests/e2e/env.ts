import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The browser tests run in E2E_WORKERS Playwright workers (default 1; see
 * docs/decisions/021-parallel-browser-tests.md). Each worker plays against its
 * own shared server on its own embedded demo database, so the specs of one
 * worker never see what the other's changed. Two workers were slower than one
 * on the 2-core CI machine (the sweep is CPU-bound: 54 tests in 20 minutes
 * against about 4.5 a minute with one worker), so one is the default until a
 * machine with more cores runs CI.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? "1") || 1);

/**
 * E2E_PORT (default 3210) and the ports above it are the browser tests':
 * +0 worker 0's shared server, +1 boot.spec, +2 the ESPN replay server, +3
 * crash-safety, +4/+5 two-instances, +6 pack-sharing, +7..+9 hostile-addresses,
 * +11..+13 behind-a-proxy (two instances and nginx), +14 read-replica (whose
 * PostgreSQL replica listens on 5499, REPLICA_PORT), +15 graceful-shutdown, +16 nfl-sunday, +17/+18 front-door-conformance (the
 * front door, and Next's own server beside it), +19 game-day-live, +21..+23 live-behind-a-proxy (two
 * instances and nginx; +20 is worker 2's shared server), +24 carrier-lookup.
 * A spec file runs in one worker at a time, so the ports a spec starts its own
 * servers on stay fixed whichever worker runs it. Worker n > 0's shared server
 * listens on E2E_PORT + 10 n (3220, ...).
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? "3210");
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";
/** Signs delivery reports (and inbound texts) to the test servers, as Twilio's auth token would (decision 071). */
export const E2E_TWILIO_AUTH_TOKEN = "e2e-twilio-auth-token";
// Every worker's server fetches "ESPN" from the one replay server admin.spec starts, wherever admin.spec runs.
const espnPort = String(BASE_PORT + 2);

/** The settings of worker `slot`'s shared server (Playwright's parallel index: 0 ... workers - 1). */
export function e2eFor(slot: number) {
  const port = String(slot === 0 ? BASE_PORT : BASE_PORT + 10 * slot);
  const runDir = path.join(root, ".tmp", `e2e-${port}`);
  return {
    slot,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    runDir,
    smsLogFile: path.join(runDir, "sms.log"),
    adminPhone: "5555550100",
    espnPort,
    serverEnv: {
      PORT: port,
      DATA_DIR: path.join(runDir, "data"),
      // The browser tests play in the demo world; production servers seed only when asked.
      SEED_ON_START: "1",
      SMS_TRANSPORT: "log",
      SMS_ALLOW_LOG_IN_PRODUCTION: "1",
      SMS_LOG_FILE: path.join(runDir, "sms.log"),
      NEXTAUTH_SECRET: "e2e-secret-0123456789abcdef0123456789",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      ADMIN_PHONES: "5555550100",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      // headers.spec scrapes /api/metrics with it.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // sms-delivery.spec signs Twilio's delivery reports with it (docs/decisions/071-delivery-on-the-record.md).
      TWILIO_AUTH_TOKEN: E2E_TWILIO_AUTH_TOKEN,
      // The tests play our one trusted proxy: each test client says its address in X-Forwarded-For.
      TRUSTED_PROXY_HOPS: "1",
      // The tests play the browser's internet (offline or online, with page.route), which the server's
      // own check of ESPN's picture host cannot see: pages keep the real URLs and the browser's
      // fallback draws (tests/api/picture-hosts.test.ts covers the server's check). With the check off,
      // ESPN's CDN stays the only picture host (docs/decisions/051-picture-hosts-allow-list.md): the
      // demo's logos are all there (admin-teams.spec saves the Eagles with theirs), and no spec draws
      // covers with logos on a local host.
      PICTURE_HOSTS: "off",
      // Specs run on the wall clock, any hour: openings texted at night must still go out at once.
      // Quiet hours are proven on a moved clock by tests/api/pack-reminders.test.ts (decision 072).
      QUIET_HOURS: "0",
      ESPN_BASE_URL: `http://127.0.0.1:${espnPort}/apis/site/v2/sports`,
      ESPN_CORE_BASE_URL: `http://127.0.0.1:${espnPort}/v2/sports`,
    } as Record<string, string>,
  };
}

/**
 * One place for the browser tests' server settings, shared by the config and
 * the tests: this worker's shared server (Playwright sets TEST_PARALLEL_INDEX
 * in each worker; the runner itself, and any other process, gets worker 0's).
 */
export const E2E = e2eFor(Number(process.env.TEST_PARALLEL_INDEX ?? "0") || 0);
