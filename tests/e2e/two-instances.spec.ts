import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { BASE_PORT, E2E } from "./env";
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

// Two production servers side by side on ONE PostgreSQL database, as behind a
// load balancer: limits, caps and sessions must hold for the pair as they do
// for one server, because all their state lives in the database.

const portA = BASE_PORT + 4;
const portB = BASE_PORT + 5;
// docs/PRODUCT.md §1 (src/server/auth/otp.ts, decision 002): 20 code sends and 20
// failed code checks per client address per hour.
const SENDS_PER_IP_PER_HOUR = 20;
const FAILED_CHECKS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;
const PLAYERS = ["5555550101", "5555550102", "5555550103", "5555550104", "5555550105"];

test.describe.configure({ mode: "serial" });
test.skip(!testDatabaseUrl, NEEDS_POSTGRES);

let database: ThrowawayDatabase;
let a: AppServer | undefined;
let b: AppServer | undefined;
const contexts: APIRequestContext[] = [];
/** Signed-in clients (admin first, then the demo players), each signed in on server A or B in turn. */
const signedIn: Array<{ phone: string; api: APIRequestContext; cookie: string; server: AppServer }> = [];

async function newClient(clientIp: string): Promise<APIRequestContext> {
  const context = await request.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp }, timeout: 60_000 });
  contexts.push(context);
  return context;
}

const servers = () => [a!, b!];
/** Server A for even turns, B for odd ones: requests spread evenly over the pair. */
const turn = (index: number) => servers()[index % 2]!;

/**
 * Runs a rate-limit check inside one fixed window of the limit (the counters
 * restart on the hour, or at midnight UTC): if the window turned during the
 * attempt, runs it once more with fresh keys.
 */
async function withinOneWindow<T>(windowMs: number, attempt: (round: number) => Promise<T>): Promise<T> {
  for (let round = 0; ; round++) {
    const startedIn = Math.floor(Date.now() / windowMs);
    const result = await attempt(round);
    if (Math.floor(Date.now() / windowMs) === startedIn || round > 0) return result;
  }
}

/** Asks for sign-in codes for distinct phones from one address, on the given servers in order; the answers' statuses. */
async function sendCodes(clientIp: string, phonePrefix: string, targets: AppServer[], parallel = false): Promise<number[]> {
  const api = await newClient(clientIp);
  const send = (server: AppServer, index: number) =>
    api
      .post(`${server.baseURL}/api/sendCode`, { data: { phone: `${phonePrefix}${String(index).padStart(3, "0")}` } })
      .then((response) => response.status());
  if (parallel) return Promise.all(targets.map(send));
  const statuses: number[] = [];
  for (const [index, server] of targets.entries()) statuses.push(await send(server, index));
  return statuses;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createThrowawayDatabase("reliability_two");
  const runDir = freshRunDir("two-instances");
  // Started together, as a deploy would: they race to migrate and seed the same database.
  a = startAppServer({ port: portA, databaseUrl: database.url, runDir });
  b = startAppServer({ port: portB, databaseUrl: database.url, runDir });
  const health = await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
  for (const h of health) expect(h).toMatchObject({ success: true, status: "ok" });

  for (const [index, phone] of [E2E.adminPhone, ...PLAYERS].entries()) {
    const clientIp = `198.20.0.${index + 1}`;
    const api = await newClient(clientIp);
    const server = turn(index);
    const cookie = await signInOverHttp(api, { baseURL: server.baseURL, phoneDigits: phone, smsLogFile: server.smsLogFile, clientIp });
    signedIn.push({ phone, api, cookie, server });
  }
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await Promise.all([stopServer(a), stopServer(b)]);
  await Promise.all(contexts.map((context) => context.dispose()));
  await database?.drop();
});

test("two servers started together migrate and seed their shared database once", async () => {
  const [counts] = await database.query<Record<string, number>>(
    `select (select count(*)::int from profiles where phone = '+15555550101') as gus_profiles,
            (select count(*)::int from packs where pack_url = 'chiefs-bills-week-12') as chiefs_packs,
            (select count(*)::int from award_cards where code = 'FIRST3') as first3_cards`,
  );
  expect(counts).toEqual({ gus_profiles: 1, chiefs_packs: 1, first3_cards: 1 });
});

test("a session cookie from one server is accepted by the other", async () => {
  for (const player of signedIn) {
    const other = player.server === a ? b! : a!;
    // A bare request carrying only the cookie, as a load balancer might route the next click.
    const session = await fetch(`${other.baseURL}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${player.cookie}` } });
    const body = (await session.json()) as { user?: { phone?: string } };
    expect(body.user, `${player.phone} is signed in on port ${other.port}`).toBeDefined();
    const exchanges = await fetch(`${other.baseURL}/api/marketplace/exchanges`, {
      headers: { cookie: `next-auth.session-token=${player.cookie}` },
    });
    expect(exchanges.status).toBe(200);
  }
  // And without the cookie the same requests are refused: the session is what lets them in.
  expect((await fetch(`${b!.baseURL}/api/marketplace/exchanges`)).status).toBe(401);
});

test("one address gets as many sign-in codes from both servers together as from one server", async () => {
  const attempts = SENDS_PER_IP_PER_HOUR + 5;
  const oneServer = await withinOneWindow(HOUR_MS, (round) =>
    sendCodes(
      `198.20.1.${1 + round}`,
      `55566${round}1`,
      Array.from({ length: attempts }, () => a!),
    ),
  );
  const alternating = await withinOneWindow(HOUR_MS, (round) =>
    sendCodes(
      `198.20.2.${1 + round}`,
      `55566${round}2`,
      Array.from({ length: attempts }, (_, i) => turn(i)),
    ),
  );
  const allAtOnce = await withinOneWindow(HOUR_MS, (round) =>
    sendCodes(
      `198.20.3.${1 + round}`,
      `55566${round}3`,
      Array.from({ length: attempts }, (_, i) => turn(i)),
      true,
    ),
  );
  const expected = [...Array<number>(SENDS_PER_IP_PER_HOUR).fill(200), ...Array<number>(attempts - SENDS_PER_IP_PER_HOUR).fill(429)];
  expect(oneServer).toEqual(expected);
  expect(alternating).toEqual(expected);
  // In parallel the order is the race's, but the count is the same.
  expect(allAtOnce.filter((status) => status === 200)).toHaveLength(SENDS_PER_IP_PER_HOUR);
  expect(allAtOnce.filter((status) => status === 429)).toHaveLength(attempts - SENDS_PER_IP_PER_HOUR);
});

test("one browser asking both servers for a code at the same moment gets one code, the resend cooldown refuses the other", async () => {
  const api = await newClient("198.20.4.1");
  const phone = "5556640001";
  // A first code (to another phone) gives this client its sign-in ticket, which both requests below carry:
  // the 30 s between two codes counts per phone and browser (docs/decisions/002-otp-rules.md).
  expect((await api.post(`${a!.baseURL}/api/sendCode`, { data: { phone: "5556640002" } })).status()).toBe(200);
  const statuses = await Promise.all(
    servers().map((server) => api.post(`${server.baseURL}/api/sendCode`, { data: { phone } }).then((r) => r.status())),
  );
  expect(statuses.sort()).toEqual([200, 429]);
});

test("wrong codes tried on both servers from one address are refused from the 21st on, on both servers", async () => {
  /** One wrong-code sign-in on `server`; next-auth's error value (CredentialsSignin or RateLimited:seconds). */
  const guess = async (api: APIRequestContext, server: AppServer, phone: string) => {
    const { csrfToken } = (await (await api.get(`${server.baseURL}/api/auth/csrf`)).json()) as { csrfToken: string };
    const answer = await api.post(`${server.baseURL}/api/auth/callback/credentials`, {
      form: { phone, code: "000000", csrfToken, callbackUrl: `${server.baseURL}/`, json: "true" },
      maxRedirects: 0,
    });
    return new URL(((await answer.json()) as { url: string }).url).searchParams.get("error");
  };
  const errors = await withinOneWindow(HOUR_MS, async (round) => {
    const api = await newClient(`198.20.5.${round + 1}`);
    const phone = `55566500${round}1`;
    const answers: Array<string | null> = [];
    for (let i = 0; i < FAILED_CHECKS_PER_ADDRESS_PER_HOUR + 2; i++) answers.push(await guess(api, turn(i), phone));
    return answers;
  });
  // Failures 1–20 are plain refusals; from the 21st the address waits out the hour, on both servers.
  expect(errors.slice(0, FAILED_CHECKS_PER_ADDRESS_PER_HOUR)).toEqual(Array(FAILED_CHECKS_PER_ADDRESS_PER_HOUR).fill("CredentialsSignin"));
  for (const error of errors.slice(FAILED_CHECKS_PER_ADDRESS_PER_HOUR)) expect(error).toMatch(/^RateLimited:\d+$/);
});

test("parallel claims of a capped award card split over both servers succeed exactly up to the cap", async () => {
  const admin = signedIn[0]!;
  const created = await admin.api.post(`${a!.baseURL}/api/admin/awards`, {
    data: { code: "TWOSERVERS3", name: "Two Servers Three Claims", kind: "award", tokens: 5, maxClaims: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const claimAll = (code: string) =>
    Promise.all(
      signedIn.map(async (client, index) => {
        const response = await client.api.post(`${turn(index + 1).baseURL}/api/awards/redeem`, { data: { code } });
        return { status: response.status(), body: (await response.json()) as { already?: boolean } };
      }),
    );
  // Six players at once, for a card capped at three.
  const own = await claimAll("TWOSERVERS3");
  expect(own.filter((r) => r.status === 200 && r.body.already === false)).toHaveLength(3);
  expect(own.filter((r) => r.status === 409)).toHaveLength(3);

  // The demo card FIRST3 has one claim left (two demo players hold the others and are told so).
  const demo = await claimAll("FIRST3");
  expect(demo.filter((r) => r.status === 200 && r.body.already === false)).toHaveLength(1);
  expect(demo.filter((r) => r.status === 200 && r.body.already === true)).toHaveLength(2);
  expect(demo.filter((r) => r.status === 409)).toHaveLength(3);

  const cards = await database.query<{ code: string; claims_count: number; claims: number; credits: number }>(
    `select c.code, c.claims_count,
            (select count(*)::int from award_claims ac where ac.award_card_id = c.id) as claims,
            (select count(*)::int from token_ledger l join award_claims ac on ac.id = l.award_claim_id where ac.award_card_id = c.id) as credits
     from award_cards c where c.code in ('TWOSERVERS3', 'FIRST3') order by c.code`,
  );
  expect(cards).toEqual([
    { code: "FIRST3", claims_count: 3, claims: 3, credits: 3 },
    { code: "TWOSERVERS3", claims_count: 3, claims: 3, credits: 3 },
  ]);
});
