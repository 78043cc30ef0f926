import { sql } from "drizzle-orm";
import { getDbHandle } from "@/server/db/client";
import { appliedMigrationCount, expectedMigrationCount } from "@/server/db/migrate";
import { fail, ok } from "@/server/http/api";
import { errorFields, log } from "@/server/ops/log";

export const dynamic = "force-dynamic";

/**
 * GET /api/health – 200 when the database answers and every migration is
 * applied. Public (load balancers call it), so it names nothing about the
 * deployment: not the database kind, not versions (docs/decisions/019-public-surface.md).
 * The kind is in the "server ready" log line.
 */
export async function GET() {
  try {
    const handle = await getDbHandle();
    await handle.db.execute(sql`select 1`);
    const applied = await appliedMigrationCount(handle.db);
    const expected = expectedMigrationCount();
    if (applied < expected) return fail(503, "Migrations pending", { applied, expected });
    return ok({ status: "ok", migrations: applied });
  } catch (error) {
    log("error", "health check failed", errorFields(error));
    return fail(503, "Database unavailable");
  }
}
