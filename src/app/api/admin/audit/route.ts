import { z } from "zod";
import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listAuditLog } from "@/server/authoring/list-audit-log";

export const dynamic = "force-dynamic";

const ZAuditQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).catch(50).default(50) });

/** GET /api/admin/audit?limit=50 – the latest admin changes with before/after. */
export const GET = withAdmin(async ({ req }) => ok({ entries: await listAuditLog(readQuery(req, ZAuditQuery)) }));
