// Request schema of the audit log on the admin hub (docs/decisions/038-readable-audit-log.md, docs/SCREENS.md §3.1).
import { z } from "zod";
import { AUDIT_SUBJECTS } from "@/domain/audit-words";
import { optionalDay } from "./fields";

/** GET /api/admin/audit?limit&before[&who&what&day]: a page of admin changes, newest first. */
export const ZAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Filters: an admin's handle (or "(system)"), a kind of thing, a New York day. */
  who: z.string().trim().max(40, "Invalid who").optional(),
  what: z.enum(AUDIT_SUBJECTS, { message: "Unknown kind of change" }).optional(),
  day: optionalDay("Invalid day"),
});

/** One admin change: who, what and when, with the thing's state before and after (any JSON). */
export const ZAuditEntry = z.object({
  id: z.number(),
  createdAt: z.string(),
  actorHandle: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** What the entry is about, in words: a pack's or event's title, a prop's label, an item's name, a player's handle. */
  entityLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** How many consecutive entries this line folds (1: one entry), the oldest at `firstAt` (decision 064). */
  folded: z.number().int().min(1),
  firstAt: z.string(),
});

/** GET /api/admin/audit: a page of changes, newest first; `olderBefore` leads to the next page (null at the first change). */
export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), olderBefore: z.number().nullable() });
export type AuditPage = z.infer<typeof ZAuditPage>;
