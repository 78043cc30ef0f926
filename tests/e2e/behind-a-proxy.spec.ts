import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { BASE_PORT, E2E_METRICS_TOKEN } from "./env";
import { latestCode, signInOverHttp } from "./helpers";
import { NEEDS_NGINX, nginxBinary, startDeployedProxy, type AccessLine, type DeployedProxy } from "./nginx-proxy";
import {
  NEEDS_POSTGRES,
  createThrowawayDatabase,
  freshRunDir,
  killHard,
  startAppServer,
  stopServer,
  testDatabaseUrl,
  waitUntilHealthy,
  type AppServer,
  type ThrowawayDatabase,
} from "./spawn-server";

// Issue 25 item 3: two production instances on one PostgreSQL database behind
// a real nginx running deploy/nginx.conf (the file docs/DEPLOYMENT.md tells
// operators to install), with TRUSTED_PROXY_HOPS=1: sessions honoured by both,
// per-address limits keyed by the real client, a kickoff surge spread over
// both, submissions resent with their key after a lost answer, one instance
// killed mid-load while the proxy retries on the other and every submission
// is stored exactly once, and the killed instance started again.
// docs/decisions/033-behind-a-proxy.md

const root = path.resolve(import.meta.dirname, "../..");
const portA = BASE_PORT + 11;
const portB = BASE_PORT + 12;
const proxyPort = BASE_PORT + 13;
const proxyURL = `http://127.0.0.1:${proxyPort}`;
// docs/PRODUCT.md §1 (decision 002): 20 code sends per client address per hour.
const SENDS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;
// One client per player, a submission every third request: about 10 per player in the 10 s surge
// here, far under the write limit (120 a minute, docs/decisions/017-request-edge.md) on a faster host too.
const CLIENTS = 50;
const SURGE_MS = 10_000;
const KILL_LOAD_MS = 8_000;
const KILL_AFTER_MS = 3_000;

test.describe.configure({ mode: "serial" });
test.skip(!testDatabaseUrl, NEEDS_POSTGRES);
test.skip(!nginxBinary, NEEDS_NGINX);

let database: ThrowawayDatabase;
let a: AppServer | undefined;
let b: AppServer | undefined;
let proxy: DeployedProxy | undefined;
let runDir = "";
let smsLogFile = "";
const contexts: APIRequestContext[] = [];
/** Surge players: a session cookie each. */
const players: Array<{ phone: string; cookie: string }> = [];
/** Open props with time to spare, as (pack, prop) pairs. */
let openProps: Array<{ packURL: string; propId: string }> = [];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a real TCP connection to the proxy, optionally from a given loopback address. */
function call(
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    localAddress?: string;
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  const body = options.form
    ? new URLSearchParams(options.form).toString()
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const contentType = options.form ? "application/x-www-form-urlencoded" : "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${proxyURL}${pathname}`,
      {
        method: options.method ?? "GET",
        localAddress: options.localAddress,
        agent: options.agent,
        timeout: 30_000,
        headers: {
          ...(body === undefined ? {} : { "content-type": contentType, "content-length": String(Buffer.byteLength(body)) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        // A body cut off by a dying instance ends in "aborted", not "end".
        response.on("aborted", () => reject(new Error("response cut off")));
        response.on("end", () => {
          if (!response.complete) reject(new Error("response cut off"));
          else resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

/** The `name=value` of a cookie the answer set. */
function setCookie(answer: Answer, name: string): string {
  const cookie = (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]!).find((pair) => pair.startsWith(`${name}=`));
  expect(cookie, `the answer sets ${name}`).toBeDefined();
  return cookie!;
}

/**
 * Signs a phone in through the proxy from a loopback address of its own, as the
 * login page does (code, CSRF token, credentials, with the sign-in ticket and
 * CSRF cookies it was given); returns the session cookie's value.
 */
async function signIn(phone: string, localAddress: string): Promise<string> {
  const startedAt = Date.now() - 1_000;
  const sent = await call("/api/sendCode", { method: "POST", body: { phone }, localAddress });
  expect(sent.status, sent.body).toBe(200);
  const code = await latestCode(phone, startedAt, smsLogFile);
  const csrf = await call("/api/auth/csrf", { localAddress });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const answer = await call("/api/auth/callback/credentials", {
    method: "POST",
    form: { phone, code, csrfToken, callbackUrl: `${proxyURL}/`, json: "true" },
    // The code is bound to the sign-in ticket sendCode gave this client (docs/decisions/002-otp-rules.md).
    headers: { cookie: `${setCookie(csrf, "next-auth.csrf-token")}; ${setCookie(sent, "takes-sign-in")}` },
    localAddress,
  });
  expect(answer.status, answer.body).toBe(200);
  expect(new URL((JSON.parse(answer.body) as { url: string }).url).searchParams.get("error"), `sign-in of ${phone}`).toBeNull();
  return setCookie(answer, "next-auth.session-token").slice("next-auth.session-token=".length);
}

const cookieHeader = (cookie: string) => ({ cookie: `next-auth.session-token=${cookie}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** nginx's access log (deploy/nginx.conf's takes_upstream format), from line `from` on. */
const accessLines = (from = 0): AccessLine[] => proxy?.accessLines(from) ?? [];

/**
 * The log from line `from` once it holds at least `count` lines: nginx writes a
 * request's line after its answer has gone, so a client can be a moment ahead.
 */
async function logged(from: number, count: number): Promise<AccessLine[]> {
  await expect
    .poll(() => accessLines(from).length, { message: "nginx logged every request", timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return accessLines(from);
}

/** The log's length once earlier requests' lines have all been written (it stops growing). */
async function logLength(): Promise<number> {
  for (let length = accessLines().length; ;) {
    await sleep(200);
    const now = accessLines().length;
    if (now === length) return now;
    length = now;
  }
}

/** "A" or "B": the instance that gave the answer (the last one nginx tried). */
function answeredBy(line: AccessLine): string {
  const last = line.upstream.split(",").at(-1)!.trim();
  return last === `127.0.0.1:${portA}` ? "A" : last === `127.0.0.1:${portB}` ? "B" : last;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** An instance as deployed: the proxy's public address, one proxy hop trusted; one SMS log for both. */
const startInstance = (port: number) =>
  startAppServer({
    port,
    databaseUrl: database.url,
    runDir,
    env: { NEXTAUTH_URL: proxyURL, TRUSTED_PROXY_HOPS: "1", SMS_LOG_FILE: smsLogFile },
  });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createThrowawayDatabase("behind_proxy");
  runDir = freshRunDir("behind-a-proxy");
  smsLogFile = path.join(runDir, "sms.log");
  a = startInstance(portA);
  b = startInstance(portB);
  // Started together, as a deploy would: they race to migrate and seed the same database.
  const health = await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
  for (const h of health) expect(h).toMatchObject({ success: true, status: "ok" });
  proxy = await startDeployedProxy({ runDir, port: proxyPort, appPorts: [portA, portB] });

  const rows = await database.query<{ pack_url: string; id: string }>(
    `select pk.pack_url, pr.id from props pr join packs pk on pk.id = pr.pack_id
     where pk.status = 'open' and (pk.close_time is null or pk.close_time > now() + interval '1 hour')
       and (pk.open_time is null or pk.open_time < now())
       and pr.status = 'open' and (pr.close_time is null or pr.close_time > now() + interval '1 hour')
     order by pk.pack_url, pr.position, pr.id`,
  );
  openProps = rows.map((row) => ({ packURL: row.pack_url, propId: row.id }));
  expect(openProps.length, "the demo data has open props").toBeGreaterThan(0);

  // The surge's players sign in through the proxy, each from an address of its own.
  const signedIn = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, index) => {
      const phone = `55567000${String(index).padStart(2, "0")}`;
      return { phone, cookie: await signIn(phone, `127.0.1.${index + 1}`) };
    }),
  );
  players.push(...signedIn);
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await proxy?.stop();
  await Promise.all([stopServer(a), stopServer(b)]);
  await Promise.all(contexts.map((context) => context.dispose()));
  await database?.drop();
});

test("a player signed in through the proxy is signed in on whichever instance answers", async () => {
  const api = await request.newContext({ timeout: 60_000 });
  contexts.push(api);
  const from = await logLength();
  const cookie = await signInOverHttp(api, { baseURL: proxyURL, phoneDigits: "5556710001", smsLogFile, clientIp: "203.0.113.2" });
  // Sign-in itself is three requests (code, CSRF token, credentials), each to whichever instance nginx picks.
  const signIn = await logged(from, 3);
  expect(signIn.map((line) => line.uri.split("?")[0])).toEqual(["/api/sendCode", "/api/auth/csrf", "/api/auth/callback/credentials"]);

  const ids: string[] = [];
  for (let i = 0; i < 8; i++) {
    const session = await call("/api/auth/session", { headers: cookieHeader(cookie) });
    expect(session.status).toBe(200);
    expect((JSON.parse(session.body) as { user?: unknown }).user, `request ${i} is signed in`).toBeDefined();
    const exchanges = await call("/api/marketplace/exchanges", { headers: cookieHeader(cookie) });
    expect(exchanges.status, `request ${i} passes the session check`).toBe(200);
    ids.push(session.headers["x-request-id"] as string, exchanges.headers["x-request-id"] as string);
  }
  // The X-Request-Id each instance gave its answer, in the proxy's log beside the instance that gave it.
  const byId = new Map((await logged(from, 3 + ids.length)).map((line) => [line.request_id, line]));
  const servedBy = ids.map((id) => {
    const line = byId.get(id);
    expect(line, `request ${id} is in the proxy's log`).toBeDefined();
    return answeredBy(line!);
  });
  const counts = countBy(servedBy, (name) => name);
  expect(counts.A, `answers by instance A (${JSON.stringify(counts)})`).toBeGreaterThan(0);
  expect(counts.B, `answers by instance B (${JSON.stringify(counts)})`).toBeGreaterThan(0);
  // Without the cookie the same request is refused: the session is what lets them in.
  expect((await call("/api/marketplace/exchanges")).status).toBe(401);
});

test("two client addresses get a sign-in limit each across both instances, and a forged X-Forwarded-For does not escape it", async () => {
  const forged = (index: number) => ({ "x-forwarded-for": `198.51.${index}.${index + 1}`, "x-real-ip": `198.51.${index}.${index + 2}` });
  const sendCode = (phone: string, localAddress: string, headers: Record<string, string> = {}) =>
    call("/api/sendCode", { method: "POST", body: { phone }, localAddress, headers });

  // Runs inside one hour of the limit; if the hour turned meanwhile, once more from fresh addresses.
  let result: { liar: Answer[]; neighbour: number[]; prefix: string; liarAddress: string; from: number } | undefined;
  for (let round = 0; round < 2; round++) {
    const startedIn = Math.floor(Date.now() / HOUR_MS);
    const from = await logLength();
    const liarAddress = `127.0.0.${2 + 2 * round}`;
    const prefix = `55567${2 + round}`;
    const liar: Answer[] = [];
    for (let index = 0; index < SENDS_PER_ADDRESS_PER_HOUR + 3; index++) {
      liar.push(await sendCode(`${prefix}1${String(index).padStart(3, "0")}`, liarAddress, forged(index)));
    }
    const neighbour: number[] = [];
    for (let index = 0; index < SENDS_PER_ADDRESS_PER_HOUR + 1; index++) {
      neighbour.push((await sendCode(`${prefix}2${String(index).padStart(3, "0")}`, `127.0.0.${3 + 2 * round}`)).status);
    }
    result = { liar, neighbour, prefix, liarAddress, from };
    if (Math.floor(Date.now() / HOUR_MS) === startedIn) break;
  }
  const { liar, neighbour, prefix, liarAddress, from } = result!;
  // The liar writes a new address into every request; nginx replaces it with the one it saw.
  expect(liar.map((answer) => answer.status)).toEqual([...Array<number>(SENDS_PER_ADDRESS_PER_HOUR).fill(200), 429, 429, 429]);
  expect(Number(liar.at(-1)!.headers["retry-after"])).toBeGreaterThan(0);
  // Someone else behind the same proxy keeps a limit of their own.
  expect(neighbour).toEqual([...Array<number>(SENDS_PER_ADDRESS_PER_HOUR).fill(200), 429]);
  await expect.poll(() => textsTo(`${prefix}1`)).toBe(SENDS_PER_ADDRESS_PER_HOUR);

  // Both instances counted the liar's requests: the limit is one, shared through the database.
  const liarLines = (await logged(from, liar.length + neighbour.length)).filter((line) => line.client === liarAddress);
  expect(liarLines).toHaveLength(SENDS_PER_ADDRESS_PER_HOUR + 3);
  const counts = countBy(liarLines, answeredBy);
  expect(counts.A, JSON.stringify(counts)).toBeGreaterThan(0);
  expect(counts.B, JSON.stringify(counts)).toBeGreaterThan(0);
});

function textsTo(prefix: string): number {
  if (!existsSync(smsLogFile)) return 0;
  return readFileSync(smsLogFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { to: string }).to.includes(prefix)).length;
}

interface LoadReport {
  requests: Record<string, number>;
  /** Answers >= 500 that reached the client (each then retried by the client). */
  serverErrors: number;
  /** Requests that failed without an answer (connection cut, timeout), then retried by the client. */
  cut: number;
  /** Requests the client gave up on, or answered 4xx: none expected. */
  failures: string[];
  /** Every submission the client made: its key, and the answer it finally got. */
  submissions: Array<{ key: string; receiptId?: string; stored?: boolean; attempts: number }>;
}

/** The side each client picks next, kept from one load to the next so that every submission changes a pick. */
const sides: Array<"A" | "B"> = [];

/**
 * CLIENTS concurrent clients for `ms`, each a signed-in player's browser
 * cycling through a page, the session call and a take submission. A client
 * submits one prop, flipping its side each time, so every new key changes a
 * pick and must store a receipt. A request that fails (>= 500 or no answer)
 * is sent again, a submission with the same key, as the app's own submit
 * button does (src/components/packs/submit-picks.tsx).
 */

async function runLoad(ms: number, during?: () => Promise<void>): Promise<LoadReport> {
  const report: LoadReport = { requests: {}, serverErrors: 0, cut: 0, failures: [], submissions: [] };
  const end = Date.now() + ms;
  const giveUpAt = end + 30_000;

  /** Sends until an answer < 500; returns it, or undefined after giving up. */
  async function untilAnswered(label: string, send: () => Promise<Answer>): Promise<Answer | undefined> {
    for (;;) {
      report.requests[label] = (report.requests[label] ?? 0) + 1;
      try {
        const answer = await send();
        if (answer.status < 500) return answer;
        report.serverErrors++;
      } catch {
        report.cut++;
      }
      if (Date.now() > giveUpAt) {
        report.failures.push(`${label}: gave up`);
        return undefined;
      }
      await sleep(200);
    }
  }

  const client = async (index: number) => {
    const player = players[index]!;
    const { packURL, propId } = openProps[index % openProps.length]!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pages = ["/", "/packs", `/packs/${packURL}`];
    try {
      for (let step = index; Date.now() < end; step++) {
        const kind = step % 3;
        if (kind === 0) {
          const page = pages[Math.floor(step / 3) % pages.length]!;
          const answer = await untilAnswered("page", () => call(page, { headers: cookieHeader(player.cookie), agent }));
          if (answer && answer.status !== 200) report.failures.push(`GET ${page}: ${answer.status}`);
        } else if (kind === 1) {
          const answer = await untilAnswered("session", () => call("/api/auth/session", { headers: cookieHeader(player.cookie), agent }));
          if (answer && (answer.status !== 200 || !(JSON.parse(answer.body) as { user?: unknown }).user)) {
            report.failures.push(`session: ${answer.status} ${answer.body.slice(0, 100)}`);
          }
        } else {
          const submission: LoadReport["submissions"][number] = { key: randomUUID(), attempts: 0 };
          report.submissions.push(submission);
          const side = (sides[index] ??= index % 2 === 0 ? "A" : "B");
          const body = { takes: [{ propId, side }], idempotencyKey: submission.key };
          const answer = await untilAnswered("submission", () => {
            submission.attempts++;
            return call(`/api/packs/${packURL}/takes`, { method: "POST", body, headers: cookieHeader(player.cookie), agent });
          });
          if (answer?.status === 200) {
            const stored = JSON.parse(answer.body) as { receiptId: string; stored: boolean };
            Object.assign(submission, { receiptId: stored.receiptId, stored: stored.stored });
            sides[index] = side === "A" ? "B" : "A";
          } else if (answer) {
            report.failures.push(`submission ${submission.key}: ${answer.status} ${answer.body.slice(0, 200)}`);
          }
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, (_, index) => client(index)), during?.()]);
  return report;
}

/** Requests the clients sent, each attempt counted: each is one line of nginx's log. */
const attempts = (report: LoadReport) => Object.values(report.requests).reduce((sum, n) => sum + n, 0);

/** Every key a client sent is stored exactly once, as the receipt its answer named, with its one take. */
async function expectEachKeyStoredOnce(report: LoadReport) {
  const keys = report.submissions.map((submission) => submission.key);
  expect(new Set(keys).size).toBe(keys.length);
  const rows = await database.query<{ idempotency_key: string; id: string; takes: number }>(
    `select r.idempotency_key, r.id, (select count(*)::int from takes t where t.receipt_id = r.id) as takes
     from receipts r where r.idempotency_key = any($1)`,
    [keys],
  );
  const byKey = new Map(rows.map((row) => [row.idempotency_key, row]));
  expect(rows, "one receipt per key, none twice").toHaveLength(keys.length);
  for (const submission of report.submissions) {
    const row = byKey.get(submission.key);
    expect(row, `key ${submission.key} is stored`).toBeDefined();
    expect(row!.id, `key ${submission.key}'s receipt is the one its answer named`).toBe(submission.receiptId);
    expect(row!.takes, `key ${submission.key}'s receipt holds its one take`).toBe(1);
  }
  // And the players hold no receipt that no client asked for (in this load or an earlier one).
  allKeys.push(...keys);
  const [held] = await database.query<{ n: number }>(
    `select count(*)::int as n from receipts r join profiles p on p.id = r.profile_id where p.phone = any($1)`,
    [players.map((player) => `+1${player.phone}`)],
  );
  expect(held!.n).toBe(allKeys.length);
}

/** The keys of every load so far. */
const allKeys: string[] = [];

test("a kickoff surge through the proxy is served by both instances without an error", async () => {
  test.setTimeout(120_000);
  const from = await logLength();
  const report = await runLoad(SURGE_MS);
  const lines = await logged(from, attempts(report));
  const perInstance = countBy(lines, answeredBy);
  const summary = {
    requests: report.requests,
    perInstance,
    retriedByNginx: lines.filter((line) => line.upstream.includes(",")).length,
    serverErrorsSeenByClients: report.serverErrors,
    cutSeenByClients: report.cut,
    submissions: report.submissions.length,
  };
  console.log(`kickoff surge through nginx: ${JSON.stringify(summary)}`);
  test.info().annotations.push({ type: "surge", description: JSON.stringify(summary) });

  expect(report.failures).toEqual([]);
  expect(report.serverErrors).toBe(0);
  expect(report.cut).toBe(0);
  expect(report.submissions.length).toBeGreaterThan(CLIENTS);
  // Round robin: each instance answers a good share (about half) of the surge.
  expect(perInstance.A ?? 0, JSON.stringify(perInstance)).toBeGreaterThan(lines.length * 0.25);
  expect(perInstance.B ?? 0, JSON.stringify(perInstance)).toBeGreaterThan(lines.length * 0.25);
  // The instances' own counters agree that each stored submissions. They are read on each
  // instance's own address: the proxy keeps /api/metrics off the public one, token or not.
  for (const server of [a!, b!]) expect(await submissionsCounted(server), `port ${server.port}`).toBeGreaterThan(0);
  expect((await call("/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).status).toBe(404);

  await expectEachKeyStoredOnce(report);
});

test("a submission whose answer never came, sent again with the same key, is stored once", async () => {
  // Ten players each send a submission and hang up without its answer, then send it again with the
  // same key, as the page does. Five hang up halfway through the body: nginx waits for a whole body
  // before it forwards one, so the app never saw those and the second send stores them. Five hang up
  // after the whole body, at staggered moments: the app may have stored it, and the second send
  // then answers that receipt.
  const outcomes = await Promise.all(
    Array.from({ length: 10 }, async (_, index) => {
      const player = players[index]!;
      const { packURL, propId } = openProps[index % openProps.length]!;
      const side = (sides[index] ??= index % 2 === 0 ? "A" : "B");
      const key = randomUUID();
      const body = JSON.stringify({ takes: [{ propId, side }], idempotencyKey: key });
      const halfway = index < 5;
      const headers = {
        ...cookieHeader(player.cookie),
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
      };
      await new Promise<void>((resolve) => {
        const req = http.request(`${proxyURL}/api/packs/${packURL}/takes`, { method: "POST", headers }, (response) => {
          response.resume();
          resolve();
        });
        req.on("error", () => resolve());
        req.on("close", () => resolve());
        if (halfway) req.write(body.slice(0, body.length / 2), () => setTimeout(() => req.destroy(), 200));
        else req.end(body, () => setTimeout(() => req.destroy(), (index - 5) * 20));
      });
      const again = await call(`/api/packs/${packURL}/takes`, {
        method: "POST",
        body: JSON.parse(body) as unknown,
        headers: cookieHeader(player.cookie),
      });
      expect(again.status, again.body).toBe(200);
      sides[index] = side === "A" ? "B" : "A";
      const answer = JSON.parse(again.body) as { receiptId: string; stored: boolean };
      return { halfway, key, receiptId: answer.receiptId, stored: answer.stored, attempts: 2 };
    }),
  );
  const afterWholeBody = outcomes.filter((outcome) => !outcome.halfway);
  console.log(
    `hung-up submissions sent again: the 5 cut halfway stored by the second send: ${outcomes.filter((o) => o.halfway && o.stored).length}; ` +
      `of the 5 cut after the whole body, ${afterWholeBody.filter((o) => o.stored).length} stored by the second send, ${afterWholeBody.filter((o) => !o.stored).length} answered as a replay of the first`,
  );
  expect(outcomes.filter((outcome) => outcome.halfway).map((outcome) => outcome.stored)).toEqual([true, true, true, true, true]);
  await expectEachKeyStoredOnce({ requests: {}, serverErrors: 0, cut: 0, failures: [], submissions: outcomes });
});

/** Submissions answered 200 by one instance, from its own /api/metrics. */
async function submissionsCounted(server: AppServer): Promise<number> {
  const metrics = await (
    await fetch(`${server.baseURL}/api/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })
  ).text();
  return metrics
    .split("\n")
    .filter(
      (line) =>
        line.startsWith("takes_http_request_duration_seconds_count{") &&
        line.includes('method="POST"') &&
        line.includes("/takes") &&
        line.includes('status="200"'),
    )
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

test("an instance killed mid-load loses nothing: the proxy retries on the other, and each idempotency key is stored exactly once", async () => {
  test.setTimeout(120_000);
  const from = await logLength();
  let killedAt = 0;
  const report = await runLoad(KILL_LOAD_MS, async () => {
    await sleep(KILL_AFTER_MS);
    killedAt = Date.now();
    await killHard(b!);
  });
  expect(killedAt).toBeGreaterThan(0);
  const lines = await logged(from, attempts(report));
  const retried = lines.filter((line) => line.upstream.includes(","));
  const summary = {
    requests: report.requests,
    perInstance: countBy(lines, answeredBy),
    retriedByNginx: retried.length,
    retriedSubmissionsByNginx: retried.filter((line) => line.method === "POST").length,
    proxyAnswersOver500: lines.filter((line) => line.status >= 500).length,
    serverErrorsSeenByClients: report.serverErrors,
    cutSeenByClients: report.cut,
    resentSubmissions: report.submissions.filter((submission) => submission.attempts > 1).length,
    replayedKeys: report.submissions.filter((submission) => submission.stored === false).length,
    submissions: report.submissions.length,
  };
  console.log(`one instance killed mid-load: ${JSON.stringify(summary)}`);
  test.info().annotations.push({ type: "kill", description: JSON.stringify(summary) });

  // Every failure a client saw was sent again and then answered: nothing was given up or refused.
  expect(report.failures).toEqual([]);
  expect(
    report.submissions.every((submission) => submission.receiptId),
    "every submission ends with a receipt",
  ).toBe(true);
  // Both served until the kill; A alone after it, with nginx sending on to A what B dropped or refused.
  expect(summary.perInstance.A ?? 0).toBeGreaterThan(0);
  expect(summary.perInstance.B ?? 0).toBeGreaterThan(0);
  expect(summary.retriedByNginx, "requests nginx sent on to A after B failed them").toBeGreaterThan(0);
  // A key whose first answer was lost was sent again: stored by the retry, or answered as a replay of
  // the first attempt's receipt; either way one receipt per key.
  await expectEachKeyStoredOnce(report);
});

test("the killed instance, started again, is sent requests again by the proxy and honours the sessions it never saw", async () => {
  test.setTimeout(180_000);
  expect(b!.process.signalCode, "the previous test killed instance B").toBe("SIGKILL");
  b = startInstance(portB);
  // Healthy means every migration of the journal is applied; the restart applied none a second time.
  const journal = JSON.parse(readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  expect(await waitUntilHealthy(b)).toMatchObject({ success: true, status: "ok", migrations: journal.entries.length });
  const [applied] = await database.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect(applied!.n).toBe(journal.entries.length);
  // nginx left B out for fail_timeout (5 s) after its last failure, then tries it again.
  const player = players[0]!;
  await expect
    .poll(
      async () => {
        const from = await logLength();
        const session = await call("/api/auth/session", { headers: cookieHeader(player.cookie) });
        expect(session.status).toBe(200);
        expect((JSON.parse(session.body) as { user?: unknown }).user).toBeDefined();
        return (await logged(from, 1)).filter((line) => answeredBy(line) === "B").length;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
});
