import "server-only";
import { sql } from "drizzle-orm";
import { AUDIT_SUBJECTS, FOLDED_AUDIT_ACTIONS, SYSTEM_ACTOR, type AuditSubject } from "@/domain/audit-words";
import { nyDayBounds } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import type { AuditPage } from "@/domain/schemas/audit";

/** The audit log's filters (docs/SCREENS.md §3.1): who made the change, what kind of thing, which New York day. */
export interface AuditFilters {
  /** An admin's handle, with or without "@", or SYSTEM_ACTOR for the system's own entries. */
  who?: string | null;
  what?: AuditSubject | null;
  day?: string | null;
}

/** How many entries one page reads at most before folding them into lines (decision 064). */
export const AUDIT_SCAN_ROWS = 1000;
/** Entries further apart than this do not fold, even in a run. */
const FOLD_GAP = sql`interval '15 minutes'`;

/**
 * Admin changes, newest first (the /admin hub shows 50 lines a page), before the
 * entry `before` when given: keyset by the entry's id, which grows with time
 * (docs/decisions/024-season-scale.md). Filtered in SQL; each line names its subject
 * (docs/decisions/038-readable-audit-log.md).
 *
 * A run of consecutive entries of one folded action by the same admin (FOLDED_AUDIT_ACTIONS:
 * the covers an import draws), or of the same action by the system, is one line with
 * `folded` entries from `firstAt` to `createdAt` (decision 064). Folding is done in SQL over
 * at most AUDIT_SCAN_ROWS entries; `olderBefore` is the oldest entry id of the last line shown,
 * so the next page starts right below it and no entry is shown twice or skipped. A run longer
 * than the scan reads as several lines, one a page.
 */
export async function listAuditLog(input: { limit?: number; before?: number; scanRows?: number } & AuditFilters = {}): Promise<AuditPage> {
  const db = await getReadDb();
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const scan = Math.min(Math.max(input.scanRows ?? AUDIT_SCAN_ROWS, limit + 1), AUDIT_SCAN_ROWS);
  const where = [sql`true`];
  if (input.before) where.push(sql`l.id < ${input.before}`);
  const who = input.who?.trim().replace(/^@/, "").toLowerCase();
  if (who === SYSTEM_ACTOR) where.push(sql`l.actor_profile_id is null`);
  else if (who) where.push(sql`l.actor_profile_id = (select p.id from profiles p where lower(p.handle) = ${who})`);
  if (input.what && (AUDIT_SUBJECTS as readonly string[]).includes(input.what)) where.push(sql`l.entity_type = ${input.what}`);
  if (input.day) {
    const { start, end } = nyDayBounds(input.day);
    where.push(sql`l.created_at >= ${start.toISOString()}::timestamptz and l.created_at < ${end.toISOString()}::timestamptz`);
  }
  const folded = sql.join(
    FOLDED_AUDIT_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  // Entity ids are uuids for every kind that has a name; anything else is left unnamed.
  const uuidOf = sql`(case when g.entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then g.entity_id::uuid end)`;
  const rows = await selectRows(
    db,
    sql`with recent as (
          select l.id, l.created_at, l.actor_profile_id, l.action, l.entity_type, l.entity_id, l.before, l.after
          from admin_audit_log l
          where ${sql.join(where, sql` and `)}
          order by l.id desc
          limit ${scan}
        ), marked as (
          select r.*,
            case when (r.actor_profile_id is null or r.action in (${folded}))
                  and lag(r.action) over w = r.action
                  and lag(r.actor_profile_id) over w is not distinct from r.actor_profile_id
                  and lag(r.created_at) over w - r.created_at < ${FOLD_GAP}
                 then 0 else 1 end as starts
          from recent r
          window w as (order by r.id desc)
        ), grouped as (
          select m.*, sum(m.starts) over (order by m.id desc rows unbounded preceding) as line
          from marked m
        ), lines as (
          select line, max(id) as id, min(id) as first_id, count(*)::int as folded, min(created_at) as first_at
          from grouped group by line
        )
        select g.id, k.first_id, k.folded, k.first_at, g.created_at, a.handle, g.action, g.entity_type, g.entity_id, g.before, g.after,
          (select count(*)::int from recent) as scanned,
          case g.entity_type
            when 'pack' then (select x.title from packs x where x.id = ${uuidOf})
            when 'prop' then (select coalesce(nullif(x.short_label, ''), x.title) || coalesce(' (' || pk.title || ')', '') from props x left join packs pk on pk.id = x.pack_id where x.id = ${uuidOf})
            when 'event' then (select x.title from events x where x.id = ${uuidOf})
            when 'team' then (select x.full_name from teams x where x.id = ${uuidOf})
            when 'item' then (select x.name from items x where x.id = ${uuidOf})
            when 'contest' then (select x.title from contests x where x.id = ${uuidOf})
            when 'series' then (select x.title from series x where x.id = ${uuidOf})
            when 'award_card' then (select x.name from award_cards x where x.id = ${uuidOf})
            when 'profile' then (select '@' || x.handle from profiles x where x.id = ${uuidOf})
            when 'group' then (select x.name from groups x where x.id = ${uuidOf})
          end as entity_label
        from (select * from lines order by line limit ${limit + 1}) k
        join grouped g on g.id = k.id
        left join profiles a on a.id = g.actor_profile_id
        order by k.line`,
    auditLineRow,
  );
  const scanned = rows[0]?.scanned ?? 0;
  let shown = rows.slice(0, limit);
  let more = rows.length > limit;
  // The scan was full: older entries exist, and the last line's run may go on below it. Leave that
  // line to the next page, whole, unless it is the only one (a run longer than the scan).
  if (!more && scanned >= scan) {
    more = true;
    if (shown.length > 1) shown = shown.slice(0, -1);
  }
  const entries = shown.map(({ scanned: _scanned, firstId: _firstId, ...entry }) => entry);
  return { entries, olderBefore: more ? (shown.at(-1)?.firstId ?? null) : null };
}

const auditLineRow = rowShape((r) => ({
  id: r.int("id"),
  firstId: r.int("first_id"),
  folded: r.int("folded"),
  firstAt: r.iso("first_at"),
  scanned: r.int("scanned"),
  createdAt: r.iso("created_at"),
  actorHandle: r.textOrNull("handle"),
  action: r.text("action"),
  entityType: r.text("entity_type"),
  entityId: r.textOrNull("entity_id"),
  entityLabel: r.textOrNull("entity_label"),
  before: r.get("before", col.raw),
  after: r.get("after", col.raw),
}));

/** At most this many admins in the audit log's "Who" choices. */
export const AUDIT_ACTORS_MAX = 100;

/**
 * The handles of the admins who have entries in the audit log, A to Z, for its "Who" select
 * (decision 064): a skip scan over admin_audit_log_actor_idx, one index step per admin, at
 * most AUDIT_ACTORS_MAX, however long the log.
 */
export async function listAuditActors(): Promise<string[]> {
  const db = await getReadDb();
  const rows = await selectRows(
    db,
    sql`with recursive actors(id, n) as (
          (select l.actor_profile_id, 1 from admin_audit_log l where l.actor_profile_id is not null order by l.actor_profile_id limit 1)
          union all
          select (select l.actor_profile_id from admin_audit_log l where l.actor_profile_id > a.id order by l.actor_profile_id limit 1), a.n + 1
          from actors a where a.id is not null and a.n < ${AUDIT_ACTORS_MAX}
        )
        select p.handle from actors join profiles p on p.id = actors.id order by lower(p.handle)`,
    rowShape((r) => ({ handle: r.text("handle") })),
  );
  return rows.map((row) => row.handle);
}
