import { z } from "zod";
import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listAuditLog } from "@/server/authoring/list-audit-log";

export const dynamic = "force-dynamic";

const ZAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** GET /api/admin/audit?limit=50&before=id – a page of admin changes with before/after, newest first → {entries, olderBefore}. */
export const GET = withAdmin(async ({ req }) => ok(await listAuditLog(readQuery(req, ZAuditQuery))));
