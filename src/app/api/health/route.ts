import { fail, okThrough } from "@/server/http/api";
import { ZHealthAnswer } from "@/domain/schemas/health";
import { errorFields, log } from "@/server/ops/log";
import { readHealth } from "@/server/ops/read-health";

export const dynamic = "force-dynamic";

/**
 * GET /api/health – 200 when the database answers and every migration is
 * applied. Public (load balancers call it), so it names nothing about the
 * deployment: not the database kind, not versions (docs/decisions/019-public-surface.md).
 * The kind is in the "server ready" log line.
 */
export async function GET() {
  try {
    const { applied, expected } = await readHealth();
    if (applied < expected) return fail(503, "Migrations pending", { applied, expected });
    return okThrough(ZHealthAnswer, { status: "ok", migrations: applied });
  } catch (error) {
    log("error", "health check failed", errorFields(error));
    return fail(503, "Database unavailable");
  }
}
