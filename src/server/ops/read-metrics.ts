import "server-only";
import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { serverEnv } from "@/env";
import { getDb, getReplicaHandle } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { errorFields, log } from "./log";
import { appMetrics } from "./metrics";

/** True when `authorization` is "Bearer {METRICS_TOKEN}"; always false when no token is configured. */
function authorized(authorization: string | null): boolean {
  const token = serverEnv().METRICS_TOKEN;
  if (!token || !authorization?.startsWith("Bearer ")) return false;
  const given = Buffer.from(authorization.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The Prometheus text for GET /api/metrics: the queues' depth and age read now, with every
 * counter and the request histogram. 401 without the token (docs/decisions/029-request-context-and-metrics.md).
 */
export async function readMetrics(authorization: string | null): Promise<{ contentType: string; body: string }> {
  if (!authorized(authorization)) throw new AppError("UNAUTHORIZED", "Unauthorized");
  const metrics = appMetrics();
  const db = await getDb();
  const queues = await selectRows(
    db,
    sql`select 'jobs' as queue, count(*)::int as depth,
               extract(epoch from (now() - min(run_at)))::float8 as oldest_seconds
        from jobs where status in ('queued', 'running') and run_at <= now()
        union all
        select 'texts', count(*)::int, extract(epoch from (now() - min(next_attempt_at)))::float8
        from sms_outbox where status in ('pending', 'sending') and next_attempt_at <= now()`,
    rowShape((r) => ({ queue: r.text("queue"), depth: r.int("depth"), oldest_seconds: r.numOrNull("oldest_seconds") })),
  );
  for (const row of queues) {
    metrics.queueDepth.set({ queue: row.queue }, Number(row.depth));
    metrics.queueOldestSeconds.set({ queue: row.queue }, Math.max(0, Number(row.oldest_seconds ?? 0)));
  }
  await readReplicaLag(metrics);
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

/**
 * How far the read replica trails the primary, when there is one: bytes of WAL not yet replayed,
 * and the age of the last replayed transaction while any are (docs/decisions/032-read-replica.md).
 * A replica that does not answer leaves both unset, and says so in the log.
 */
async function readReplicaLag(metrics: ReturnType<typeof appMetrics>): Promise<void> {
  const replica = await getReplicaHandle();
  if (!replica) return;
  try {
    const [primary] = await selectRows(
      await getDb(),
      sql`select pg_current_wal_lsn()::text as lsn`,
      rowShape((r) => ({ lsn: r.text("lsn") })),
    );
    const [standby] = await selectRows(
      replica.db,
      sql`select pg_wal_lsn_diff(${primary!.lsn}::pg_lsn, pg_last_wal_replay_lsn())::float8 as lag_bytes,
                 extract(epoch from (now() - pg_last_xact_replay_timestamp()))::float8 as age_seconds`,
      rowShape((r) => ({ lag_bytes: r.numOrNull("lag_bytes"), age_seconds: r.numOrNull("age_seconds") })),
    );
    const lagBytes = Math.max(0, Number(standby?.lag_bytes ?? 0));
    metrics.replicaLagBytes.set(lagBytes);
    metrics.replicaLagSeconds.set(lagBytes > 0 ? Math.max(0, Number(standby?.age_seconds ?? 0)) : 0);
  } catch (error) {
    metrics.replicaLagBytes.reset();
    metrics.replicaLagSeconds.reset();
    log("warn", "could not read the replica's lag", errorFields(error));
  }
}
