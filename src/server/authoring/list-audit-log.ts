import "server-only";
import { sql } from "drizzle-orm";
import { AUDIT_SUBJECTS, type AuditSubject } from "@/domain/audit-words";
import { nyDayBounds } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import type { AuditPage } from "@/domain/schemas/audit";

/** The audit log's filters (docs/SCREENS.md §3.1): who made the change, what kind of thing, which New York day. */
export interface AuditFilters {
  /** An admin's handle, with or without "@". */
  who?: string | null;
  what?: AuditSubject | null;
  day?: string | null;
}

/**
 * Admin changes, newest first (the /admin hub shows 50 a page), before the
 * entry `before` when given: keyset by the entry's id, which grows with time
 * (docs/decisions/024-season-scale.md). `olderBefore` pages on; null at the
 * first change. Filtered in SQL; each entry names its subject
 * (docs/decisions/038-readable-audit-log.md).
 */
export async function listAuditLog(input: { limit?: number; before?: number } & AuditFilters = {}): Promise<AuditPage> {
  const db = await getReadDb();
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const where = [sql`true`];
  if (input.before) where.push(sql`l.id < ${input.before}`);
  const who = input.who?.trim().replace(/^@/, "").toLowerCase();
  if (who) where.push(sql`lower(a.handle) = ${who}`);
  if (input.what && (AUDIT_SUBJECTS as readonly string[]).includes(input.what)) where.push(sql`l.entity_type = ${input.what}`);
  if (input.day) {
    const { start, end } = nyDayBounds(input.day);
    where.push(sql`l.created_at >= ${start.toISOString()}::timestamptz and l.created_at < ${end.toISOString()}::timestamptz`);
  }
  // Entity ids are uuids for every kind that has a name; anything else is left unnamed.
  const uuidOf = sql`(case when l.entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then l.entity_id::uuid end)`;
  const rows = await selectRows(
    db,
    sql`select l.id, l.created_at, a.handle, l.action, l.entity_type, l.entity_id, l.before, l.after,
          case l.entity_type
            when 'pack' then (select x.title from packs x where x.id = ${uuidOf})
            when 'prop' then (select coalesce(nullif(x.short_label, ''), x.title) || coalesce(' (' || pk.title || ')', '') from props x left join packs pk on pk.id = x.pack_id where x.id = ${uuidOf})
            when 'event' then (select x.title from events x where x.id = ${uuidOf})
            when 'team' then (select x.full_name from teams x where x.id = ${uuidOf})
            when 'item' then (select x.name from items x where x.id = ${uuidOf})
            when 'contest' then (select x.title from contests x where x.id = ${uuidOf})
            when 'series' then (select x.title from series x where x.id = ${uuidOf})
            when 'award_card' then (select x.name from award_cards x where x.id = ${uuidOf})
            when 'profile' then (select '@' || x.handle from profiles x where x.id = ${uuidOf})
          end as entity_label
        from admin_audit_log l
        left join profiles a on a.id = l.actor_profile_id
        where ${sql.join(where, sql` and `)}
        order by l.id desc
        limit ${limit + 1}`,
    auditEntryRow,
  );
  const entries = rows.slice(0, limit);
  return { entries, olderBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

const auditEntryRow = rowShape((r) => ({
  id: r.int("id"),
  createdAt: r.iso("created_at"),
  actorHandle: r.textOrNull("handle"),
  action: r.text("action"),
  entityType: r.text("entity_type"),
  entityId: r.textOrNull("entity_id"),
  entityLabel: r.textOrNull("entity_label"),
  before: r.get("before", col.raw),
  after: r.get("after", col.raw),
}));
