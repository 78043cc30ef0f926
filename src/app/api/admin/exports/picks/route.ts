import { exportRoute } from "@/server/exports/export-route";

export const dynamic = "force-dynamic";

/** GET /api/admin/exports/picks?pack=… | ?week=YYYY-MM-DD | ?contest=… – the picks as a streamed CSV (docs/decisions/063-bulk-tools.md). */
export const GET = exportRoute("picks");
