import { z } from "zod";
import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listAuditLog } from "@/server/authoring/list-audit-log";
import { AUDIT_SUBJECTS } from "@/domain/audit-words";
import { parseDayParam } from "@/domain/time";

export const dynamic = "force-dynamic";

const ZAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Filters (docs/decisions/038-readable-audit-log.md): an admin's handle, a kind of thing, a New York day. */
  who: z.string().trim().max(40, "Invalid who").optional(),
  what: z.enum(AUDIT_SUBJECTS, { message: "Unknown kind of change" }).optional(),
  day: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const day = parseDayParam(v);
      if (!day) ctx.addIssue({ code: "custom", message: "Invalid day" });
      return day ?? undefined;
    }),
});

/** GET /api/admin/audit?limit=50&before=id[&who=&what=&day=] – a page of admin changes with before/after, newest first → {entries, olderBefore}. */
export const GET = withAdmin(async ({ req }) => ok(await listAuditLog(readQuery(req, ZAuditQuery))));
