import { withOptionalSession } from "@/server/http/api";
import { readMetrics } from "@/server/ops/read-metrics";

export const dynamic = "force-dynamic";

/** GET /api/metrics – Prometheus text, for `Authorization: Bearer {METRICS_TOKEN}` only (401 otherwise). */
export const GET = withOptionalSession(async ({ req }) => {
  const { contentType, body } = await readMetrics(req.headers.get("authorization"));
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
