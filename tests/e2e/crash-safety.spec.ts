import { randomUUID } from "node:crypto";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { BASE_PORT, E2E } from "./env";
import { signInOverHttp } from "./helpers";
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

// kill -9 of the production server in the middle of takes and redemptions
// from several players, then a restart on the same PostgreSQL database: every
// success a player was shown must still be there, and nothing may be half
// written (a receipt without its takes, an exchange without its charge).

const port = BASE_PORT + 3;
const PLAYERS = ["5555550101", "5555550102", "5555550103", "5555550104", "5555550105"];
const ADMIN = E2E.adminPhone;
// How much more must have been answered as saved before each kill.
const RECEIPTS_BEFORE_KILL = 15;
const EXCHANGES_BEFORE_KILL = 15;
const CRASHES = 3;

interface Player {
  phone: string;
  api: APIRequestContext;
}
interface TakesAnswer {
  receiptId: string;
  takes: Array<{ propID: string; propSide: "A" | "B"; receiptId: string }>;
  stored: boolean;
}
interface Submission {
  phone: string;
  packURL: string;
  idempotencyKey: string;
  takes: Array<{ propId: string; side: "A" | "B" }>;
}

test.describe.configure({ mode: "serial" });
test.skip(!testDatabaseUrl, NEEDS_POSTGRES);

let database: ThrowawayDatabase | undefined;
let server: AppServer | undefined;
const contexts: APIRequestContext[] = [];

test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopServer(server);
  await Promise.all(contexts.map((context) => context.dispose()));
  await database?.drop();
});

async function newClient(clientIp: string): Promise<APIRequestContext> {
  const context = await request.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp }, timeout: 60_000 });
  contexts.push(context);
  return context;
}

test("a server killed mid-load loses no answered take or redemption and leaves nothing half written", async () => {
  test.setTimeout(480_000);
  database = await createThrowawayDatabase("reliability_crash");
  const runDir = freshRunDir("crash-safety");
  server = startAppServer({ port, databaseUrl: database.url, runDir });
  expect(await waitUntilHealthy(server)).toMatchObject({ success: true, status: "ok" });
  const base = server.baseURL;
  const smsLogFile = server.smsLogFile;

  // The admin stocks a cheap item with plenty of codes, so redemptions run until the kill.
  const admin = await newClient("198.19.0.1");
  await signInOverHttp(admin, { baseURL: base, phoneDigits: ADMIN, smsLogFile, clientIp: "198.19.0.1" });
  const created = await admin.post(`${base}/api/admin/items`, {
    data: { name: "Crash Test Sticker", tokens: 1, status: "available", description: "", brand: "" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const itemID = ((await created.json()) as { item: { itemID: string } }).item.itemID;
  const codes = Array.from({ length: 600 }, (_, i) => `STICKER-${String(i).padStart(4, "0")}`);
  const stocked = await admin.post(`${base}/api/admin/items/${itemID}/codes`, { data: { codes } });
  expect(stocked.status(), await stocked.text()).toBe(200);

  // Open props of the open packs, with time to spare before they close.
  const openProps = await database.query<{ pack_url: string; id: string }>(
    `select pk.pack_url, pr.id from props pr join packs pk on pk.id = pr.pack_id
     where pk.status = 'open' and (pk.close_time is null or pk.close_time > now() + interval '1 hour')
       and (pk.open_time is null or pk.open_time < now())
       and pr.status = 'open' and (pr.close_time is null or pr.close_time > now() + interval '1 hour')
     order by pk.pack_url, pr.id`,
  );
  const propsByPack = new Map<string, string[]>();
  for (const row of openProps) propsByPack.set(row.pack_url, [...(propsByPack.get(row.pack_url) ?? []), row.id]);
  const packs = [...propsByPack.keys()];
  expect(packs.length, "the demo data has open packs with open props").toBeGreaterThan(0);

  const players: Player[] = [];
  for (const [index, phone] of PLAYERS.entries()) {
    const clientIp = `198.19.1.${index + 1}`;
    const api = await newClient(clientIp);
    await signInOverHttp(api, { baseURL: base, phoneDigits: phone, smsLogFile, clientIp });
    players.push({ phone, api });
  }

  // ---- the load: each player submits takes (flipping sides, so every
  // submission stores a new receipt) and redeems stickers, concurrently, until
  // the server is killed. Several rounds, since a kill lands at a random point
  // of each request.
  const receipts: Array<{ phone: string; answer: TakesAnswer }> = [];
  const exchanges: Array<{ phone: string; exchangeID: string }> = [];
  const cut: Submission[] = [];
  const cutRedemptions: Array<{ phone: string; idempotencyKey: string }> = [];
  const unexpected: string[] = [];
  const inFlightAtKills: number[] = [];
  let inFlight = 0;

  async function send<T>(call: () => Promise<{ status(): number; json(): Promise<unknown>; text(): Promise<string> }>) {
    inFlight++;
    try {
      const response = await call();
      const body = response.status() === 200 ? ((await response.json()) as T) : null;
      if (!body && response.status() >= 500) unexpected.push(`${response.status()} ${await response.text()}`);
      return body;
    } finally {
      inFlight--;
    }
  }

  const redemption = (idempotencyKey: string) => ({
    itemID,
    contact: { fullName: "Crash Tester", email: "crash@example.com" },
    agreedToTerms: true,
    expectedTokens: 1,
    idempotencyKey,
  });

  // Runs the load until each loop's first request without an answer (the server died under it).
  const runLoad = (crash: number) =>
    players.flatMap((player, index) => {
      const takesLoop = async (packURL: string) => {
        const propIds = propsByPack.get(packURL)!;
        for (let round = index + crash; ; round++) {
          const submission: Submission = {
            phone: player.phone,
            packURL,
            idempotencyKey: randomUUID(),
            takes: propIds.map((propId, i) => ({ propId, side: (round + i) % 2 === 0 ? "A" : "B" })),
          };
          try {
            const answer = await send<TakesAnswer>(() =>
              player.api.post(`${base}/api/packs/${packURL}/takes`, {
                data: { takes: submission.takes, idempotencyKey: submission.idempotencyKey },
              }),
            );
            if (answer) receipts.push({ phone: player.phone, answer });
          } catch {
            cut.push(submission);
            return;
          }
        }
      };
      const redeemLoop = async () => {
        for (;;) {
          const idempotencyKey = randomUUID();
          try {
            const answer = await send<{ exchangeID: string }>(() =>
              player.api.post(`${base}/api/marketplace/redeem`, {
                data: redemption(idempotencyKey),
              }),
            );
            if (answer) exchanges.push({ phone: player.phone, exchangeID: answer.exchangeID });
          } catch {
            cutRedemptions.push({ phone: player.phone, idempotencyKey });
            return;
          }
        }
      };
      return [takesLoop(packs[index % packs.length]!), redeemLoop()];
    });

  /** What every player was shown as saved is in the database, and nothing anywhere is half written. */
  async function expectNothingLostOrHalfWritten() {
    // Every receipt a player was shown exists, with exactly the takes its answer listed as new.
    const answeredIds = [...new Set(receipts.map((r) => r.answer.receiptId))];
    const found = await database!.query<{ id: string }>(`select id from receipts where id = any($1)`, [answeredIds]);
    expect(found.map((r) => r.id).sort()).toEqual(answeredIds.sort());
    const answeredReceipts = receipts.filter((r) => r.answer.stored).map((r) => r.answer);
    const storedTakes = await database!.query<{ receipt_id: string; prop_id: string; side: string }>(
      `select receipt_id, prop_id, side from takes where receipt_id = any($1)`,
      [answeredReceipts.map((r) => r.receiptId)],
    );
    for (const answer of answeredReceipts) {
      const expected = answer.takes.filter((t) => t.receiptId === answer.receiptId).map((t) => `${t.propID}:${t.propSide}`);
      const stored = storedTakes.filter((t) => t.receipt_id === answer.receiptId).map((t) => `${t.prop_id}:${t.side}`);
      expect(stored.sort(), `receipt ${answer.receiptId}`).toEqual(expected.sort());
    }

    // Every exchange a player was shown exists, charged once and holding its code.
    const answeredExchanges = exchanges.map((e) => e.exchangeID);
    const storedExchanges = await database!.query<{ id: string; charges: number; charged: number; code_used: boolean }>(
      `select e.id,
              (select count(*)::int from token_ledger l where l.exchange_id = e.id and l.kind = 'exchange') as charges,
              (select coalesce(sum(l.amount_cents), 0)::int from token_ledger l where l.exchange_id = e.id) as charged,
              (select c.used_at is not null from item_codes c where c.id = e.item_code_id) as code_used
       from exchanges e where e.id = any($1::uuid[])`,
      [answeredExchanges],
    );
    expect(storedExchanges.map((e) => e.id).sort()).toEqual([...answeredExchanges].sort());
    for (const exchange of storedExchanges) expect(exchange).toMatchObject({ charges: 1, charged: -100, code_used: true });

    // Nothing half written anywhere, answered or not.
    const [orphans] = await database!.query<Record<string, number>>(
      `select
         (select count(*)::int from receipts r where not exists (select 1 from takes t where t.receipt_id = r.id)) as receipts_without_takes,
         (select count(*)::int from exchanges e where not exists (select 1 from token_ledger l where l.exchange_id = e.id)) as exchanges_without_charge,
         (select count(*)::int from token_ledger l where l.kind = 'exchange' and not exists (select 1 from exchanges e where e.id = l.exchange_id)) as charges_without_exchange,
         (select count(*)::int from item_codes c where c.used_at is not null and not exists (select 1 from exchanges e where e.item_code_id = c.id)) as codes_used_without_exchange,
         (select count(*)::int from (select profile_id from token_ledger group by profile_id having sum(amount_cents) < 0) negative) as negative_balances`,
    );
    expect(orphans).toEqual({
      receipts_without_takes: 0,
      exchanges_without_charge: 0,
      charges_without_exchange: 0,
      codes_used_without_exchange: 0,
      negative_balances: 0,
    });
  }

  for (let crash = 1; crash <= CRASHES; crash++) {
    const receiptsBefore = receipts.length;
    const exchangesBefore = exchanges.length;
    const load = runLoad(crash);
    // Kill as soon as enough more has been answered as saved (the loads keep going meanwhile).
    const deadline = Date.now() + 180_000;
    while (receipts.length - receiptsBefore < RECEIPTS_BEFORE_KILL || exchanges.length - exchangesBefore < EXCHANGES_BEFORE_KILL) {
      expect(unexpected, "no server errors under load").toEqual([]);
      if (Date.now() > deadline) throw new Error(`crash ${crash}: too few answers in 180 s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    inFlightAtKills.push(inFlight);
    await killHard(server);
    await Promise.all(load);
    expect(inFlight).toBe(0);
    expect(inFlightAtKills.at(-1), "requests were in flight when the server died").toBeGreaterThan(0);
    expect(unexpected, "no server errors were answered before the kill").toEqual([]);

    // Restart on the same database.
    server = startAppServer({ port, databaseUrl: database.url, runDir });
    expect(await waitUntilHealthy(server)).toMatchObject({ success: true, status: "ok" });
    await expectNothingLostOrHalfWritten();
  }

  // Players notice none of it: still signed in, their exchange history lists what they were
  // shown, and a submission cut by the crash can simply be sent again with its key.
  for (const player of players) {
    const history = await player.api.get(`${base}/api/marketplace/exchanges`);
    expect(history.status()).toBe(200);
    const listed = ((await history.json()) as { exchanges: Array<{ exchangeID: string }> }).exchanges.map((e) => e.exchangeID);
    const mine = exchanges.filter((e) => e.phone === player.phone).map((e) => e.exchangeID);
    expect(listed).toEqual(expect.arrayContaining(mine));
  }
  for (const submission of cut) {
    const player = players.find((p) => p.phone === submission.phone)!;
    const retried = await player.api.post(`${base}/api/packs/${submission.packURL}/takes`, {
      data: { takes: submission.takes, idempotencyKey: submission.idempotencyKey },
    });
    expect(retried.status(), await retried.text()).toBe(200);
    const { receiptId } = (await retried.json()) as TakesAnswer;
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from takes where receipt_id = $1`, [receiptId]);
    expect(row!.n).toBeGreaterThan(0);
  }
  // A redemption cut by the crash, sent again with its key, is charged exactly once:
  // the first attempt's exchange if it had committed, a new one if it had not.
  expect(cutRedemptions.length, "redemptions were cut by the kills").toBeGreaterThan(0);
  for (const cutRedemption of cutRedemptions) {
    const player = players.find((p) => p.phone === cutRedemption.phone)!;
    const first = await player.api.post(`${base}/api/marketplace/redeem`, { data: redemption(cutRedemption.idempotencyKey) });
    const again = await player.api.post(`${base}/api/marketplace/redeem`, { data: redemption(cutRedemption.idempotencyKey) });
    expect(first.status(), await first.text()).toBe(200);
    expect(again.status(), await again.text()).toBe(200);
    const { exchangeID } = (await first.json()) as { exchangeID: string };
    expect(((await again.json()) as { exchangeID: string }).exchangeID).toBe(exchangeID);
    const stored = await database.query<{ id: string; charges: number }>(
      `select e.id, (select count(*)::int from token_ledger l where l.exchange_id = e.id) as charges
       from exchanges e where e.idempotency_key = $1`,
      [cutRedemption.idempotencyKey],
    );
    expect(stored).toEqual([{ id: exchangeID, charges: 1 }]);
  }

  // The restart found data and did not seed the demo world again over it.
  const [items] = await database.query<{ n: number }>(`select count(*)::int as n from items where name = 'Crash Test Sticker'`);
  expect(items!.n).toBe(1);

  console.log(
    `crash-safety: ${CRASHES} kills with ${inFlightAtKills.join(", ")} requests in flight; ${receipts.length} receipts and ${exchanges.length} exchanges answered in all; ${cut.length} take submissions and ${cutRedemptions.length} redemptions cut`,
  );
});
