import { ok } from "@/server/http/api";

export const dynamic = "force-dynamic";

/** GET /api/ping – answers without touching the database: the baseline of the load benchmarks. */
export function GET() {
  return ok();
}
