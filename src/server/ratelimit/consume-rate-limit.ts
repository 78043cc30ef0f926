import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";

export interface RateLimitRule {
  /** e.g. `send-code:phone:+15555550100` or `send-code:ip:1.2.3.4`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit in a fixed window shared by every app instance (the counter
 * lives in Postgres, incremented atomically by an upsert).
 */
export async function consumeRateLimit(db: DbOrTx, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const windowEnd = new Date(windowStart.getTime() + rule.windowMs);
  const [row] = await selectRows(
    db,
    sql`insert into rate_limit_counters (bucket, window_start, count, expires_at)
        values (${rule.bucket}, ${windowStart.toISOString()}::timestamptz, 1, ${windowEnd.toISOString()}::timestamptz)
        on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
        returning count::int as count`,
    rowShape((r) => ({ count: r.int("count") })),
  );
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)),
  };
}

/** Like consumeRateLimit, but throws the 429 answer (with Retry-After) when over the limit. */
export async function enforceRateLimit(
  db: DbOrTx,
  rule: RateLimitRule,
  message = "Too many attempts. Please try again later.",
  now = new Date(),
): Promise<void> {
  const result = await consumeRateLimit(db, rule, now);
  if (!result.allowed) {
    throw new AppError("RATE_LIMITED", message, { retryAfter: result.retryAfterSeconds });
  }
}

/** enforceRateLimit on the app's database: for a route handler, which never holds the database itself. */
export async function enforceAppRateLimit(rule: RateLimitRule): Promise<void> {
  await enforceRateLimit(await getDb(), rule);
}

/** Gives back one hit in the same fixed window consumeRateLimit counted it in (e.g. an attempt that succeeded). */
export async function refundRateLimit(db: DbOrTx, rule: RateLimitRule, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  await db.execute(
    sql`update rate_limit_counters set count = greatest(count - 1, 0)
        where bucket = ${rule.bucket} and window_start = ${windowStart.toISOString()}::timestamptz`,
  );
}
