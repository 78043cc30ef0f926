import "server-only";
import { sql } from "drizzle-orm";
import { serverEnv } from "@/env";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * The sending rate, shared by every worker process and app instance through token buckets in
 * PostgreSQL (`sms_send_budget`, docs/decisions/073-paced-outbox.md): one for the account and one
 * for the sender. Tokens refill at the configured rate up to a fifth of a second's worth; each text
 * takes one from both buckets and one from both days' counts, so no process, alone or together
 * with others, sends faster than the rate.
 *
 * Sign-in codes come first: the outbox takes only the tokens above a reserve (a twentieth of a
 * second's worth, at least one) and stops short of the day's cap by a fiftieth of it, while a code
 * may take the bucket down to zero and the day to its cap. A blast therefore leaves the bucket
 * at the reserve, and a code finds a token there at once.
 */

export interface SendRate {
  key: string;
  perSecond: number;
  perDay: number;
}

const BURST_SECONDS = 0.2;
const RESERVE_SECONDS = 0.05;
const DAY_RESERVE_SHARE = 0.02;

/** The buckets a text takes from: the account's and its sender's. */
export function sendRates(): SendRate[] {
  const env = serverEnv();
  const sender = env.TWILIO_FROM_NUMBER ?? env.TWILIO_MESSAGING_SERVICE_SID ?? env.smsTransport;
  return [
    { key: "account", perSecond: env.SMS_RATE_PER_SECOND, perDay: env.SMS_RATE_PER_DAY },
    {
      key: `sender:${sender}`,
      perSecond: env.SMS_SENDER_RATE_PER_SECOND ?? env.SMS_RATE_PER_SECOND,
      perDay: env.SMS_SENDER_RATE_PER_DAY ?? env.SMS_RATE_PER_DAY,
    },
  ];
}

/** Texts per second the outbox may use: the tighter of the account's and the sender's rate. */
export function effectiveRatePerSecond(): number {
  return Math.min(...sendRates().map((rate) => rate.perSecond));
}

const reserveOf = (rate: SendRate) => Math.max(1, rate.perSecond * RESERVE_SECONDS);
const burstOf = (rate: SendRate) => Math.max(reserveOf(rate) + 1, rate.perSecond * BURST_SECONDS);
const dayReserveOf = (rate: SendRate) => Math.max(1, Math.floor(rate.perDay * DAY_RESERVE_SHARE));
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface TakeResult {
  granted: number;
  /** When fewer were granted than asked: how long until the next one may be. */
  waitMs: number;
}

/**
 * Takes up to `want` sends from every bucket at once. Call it inside the transaction that claims
 * the texts, so a claim that rolls back returns its tokens. `urgent` (a sign-in code) may use the
 * reserve. Buckets are locked in one order (account, then sender), so callers never deadlock.
 */
export async function takeSendTokens(db: DbOrTx, want: number, options: { urgent: boolean }): Promise<TakeResult> {
  const rates = sendRates();
  // Locks both rows (created full on first use); the database's clock, so instances agree.
  const rows = await selectRows(
    db,
    // Times as epoch seconds (float8): microseconds survive, where a JS Date would round each claim's
    // refill time to the millisecond and credit up to a millisecond of tokens too many every time.
    sql`insert into sms_send_budget (key, tokens, refilled_at, day, day_count)
        select k.key, k.burst, clock_timestamp(), to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD'), 0
        from (values ${sql.join(
          rates.map((rate) => sql`(${rate.key}, ${burstOf(rate)}::float8)`),
          sql`, `,
        )}) as k(key, burst)
        on conflict (key) do update set key = excluded.key
        returning key, tokens, extract(epoch from refilled_at)::float8 as refilled_s, day, day_count,
                  extract(epoch from clock_timestamp())::float8 as now_s`,
    rowShape((r) => ({
      key: r.text("key"),
      tokens: r.num("tokens"),
      refilledS: r.num("refilled_s"),
      day: r.text("day"),
      dayCount: r.int("day_count"),
      nowS: r.num("now_s"),
    })),
  );
  // Never backwards: a clock read before another instance's refill counts from that refill.
  const nowS = Math.max(rows[0]!.nowS, ...rows.map((row) => row.refilledS));
  const today = utcDay(new Date(nowS * 1000));
  let granted = want;
  let waitMs = 0;
  const buckets = rates.map((rate) => {
    const row = rows.find((candidate) => candidate.key === rate.key)!;
    const elapsed = Math.max(0, nowS - row.refilledS);
    const tokens = Math.min(burstOf(rate), row.tokens + elapsed * rate.perSecond);
    const dayCount = row.day === today ? row.dayCount : 0;
    const floor = options.urgent ? 0 : reserveOf(rate);
    const dayCap = options.urgent ? rate.perDay : rate.perDay - dayReserveOf(rate);
    const byTokens = Math.max(0, Math.floor(tokens - floor));
    const byDay = Math.max(0, dayCap - dayCount);
    if (byDay < want) waitMs = Math.max(waitMs, Date.parse(`${today}T00:00:00Z`) + 86_400_000 - nowS * 1000);
    if (byTokens < want) waitMs = Math.max(waitMs, (Math.max(0, floor + 1 - tokens) / rate.perSecond) * 1000);
    granted = Math.min(granted, byTokens, byDay);
    return { rate, tokens, dayCount };
  });
  for (const bucket of buckets) {
    await db.execute(
      sql`update sms_send_budget set tokens = ${bucket.tokens - granted}, refilled_at = to_timestamp(${nowS}::float8), day = ${today},
          day_count = ${bucket.dayCount + granted} where key = ${bucket.rate.key}`,
    );
  }
  return { granted, waitMs: granted >= want ? 0 : Math.ceil(waitMs) };
}

/**
 * Gives back the sends of claimed texts that did not go out after all (dropped or held again at
 * send time, check-at-send-time.ts): their tokens, up to the burst, and their place in today's
 * count, so a blast held at 9 pm is counted on the day it is sent, once. Buckets in the order
 * takeSendTokens locks them.
 */
export async function returnSendTokens(db: DbOrTx, count: number): Promise<void> {
  if (count <= 0) return;
  for (const rate of sendRates()) {
    await db.execute(
      sql`update sms_send_budget
          set tokens = least(${burstOf(rate)}::float8, tokens + ${count}),
              day_count = case when day = to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD') then greatest(0, day_count - ${count}) else day_count end
          where key = ${rate.key}`,
    );
  }
}

/** How long a sign-in code waits for its token before giving up (it never waits behind a blast). */
const CODE_WAIT_MS = 5_000;

/** Takes one urgent send (a sign-in code), waiting while the account is at its rate; throws after CODE_WAIT_MS. */
export async function takeUrgentSend(): Promise<void> {
  const db = await getDb();
  const deadline = Date.now() + CODE_WAIT_MS;
  for (;;) {
    const { granted, waitMs } = await db.transaction((tx) => takeSendTokens(tx, 1, { urgent: true }));
    if (granted > 0) return;
    if (Date.now() + waitMs > deadline) throw new Error("texting is at its configured rate; try again shortly");
    await new Promise((resolve) => setTimeout(resolve, Math.max(5, waitMs)));
  }
}

/** Today's sends (UTC) of the account, for the admin's view. */
export async function sentToday(db: DbOrTx): Promise<number> {
  const [row] = await selectRows(
    db,
    sql`select case when day = to_char(now() at time zone 'UTC', 'YYYY-MM-DD') then day_count else 0 end as n
        from sms_send_budget where key = 'account'`,
    rowShape((r) => ({ n: r.int("n") })),
  );
  return row?.n ?? 0;
}
