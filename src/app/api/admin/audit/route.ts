import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listAuditLog } from "@/server/authoring/list-audit-log";
import { ZAuditPage, ZAuditQuery } from "@/domain/schemas/audit";

export const dynamic = "force-dynamic";

/** GET /api/admin/audit?limit=50&before=id[&who=&what=&day=] – a page of admin changes with before/after, newest first → {entries, olderBefore}. */
export const GET = withAdmin(async ({ req }) => okThrough(ZAuditPage, await listAuditLog(readQuery(req, ZAuditQuery))));
