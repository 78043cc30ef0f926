import "server-only";
import { eq, sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { writeContext } from "@/server/db/write-context";
import { rowShape, selectRows } from "@/server/db/rows";
import { groups } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { keysetItems, timeSeek } from "@/server/http/keyset";
import { recordAdminAction } from "@/server/admin/record-admin-action";

export const ADMIN_GROUPS_PAGE_SIZE = 50;

const adminGroupShape = rowShape((r) => ({
  key: r.text("created_key"),
  id: r.text("id"),
  item: {
    id: r.text("id"),
    name: r.text("name"),
    memberCount: r.int("member_count"),
    ownerHandle: r.text("owner_handle"),
    createdAt: r.date("created_at"),
    hiddenAt: r.dateOrNull("hidden_at"),
    hiddenReason: r.textOrNull("hidden_reason"),
  },
}));

/**
 * `/admin/groups`: every group, newest first, keyset paged; `q` matches any part of a name
 * (three letters or more through the trigram index, fewer by the same `like` over the page's walk).
 */
export async function listAdminGroups(options: { q?: string; cursor?: string; db?: DbOrTx }) {
  const q = (options.q ?? "").trim().toLowerCase();
  const seek = timeSeek(options.cursor, sql`g.created_at, g.id`, true);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await selectRows(
    options.db ?? (await getReadDb()),
    sql`select g.created_at::text as created_key, g.id, g.name, g.member_count, p.handle as owner_handle, g.created_at, g.hidden_at, g.hidden_reason
        from groups g join profiles p on p.id = g.owner_profile_id
        where true ${q ? sql`and lower(g.name) like ${like}` : sql``} ${seek ? sql`and ${seek}` : sql``}
        order by g.created_at desc, g.id desc
        limit ${ADMIN_GROUPS_PAGE_SIZE + 1}`,
    adminGroupShape,
  );
  return keysetItems(rows, ADMIN_GROUPS_PAGE_SIZE);
}

/**
 * Hides a group (it vanishes from lists, its pages say the league hid it, its invite link stops
 * working) or shows it again, with the admin's reason, audited (docs/decisions/066-groups.md).
 */
export async function setGroupHidden(options: { groupId: string; hidden: boolean; reason: string; actorProfileId: string }) {
  const { db, now } = await writeContext({});
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ hiddenAt: groups.hiddenAt, hiddenReason: groups.hiddenReason })
      .from(groups)
      .where(eq(groups.id, options.groupId))
      .for("update");
    if (!group) throw new AppError("NOT_FOUND", "Group not found.");
    const after = options.hidden
      ? { hiddenAt: group.hiddenAt ?? now, hiddenBy: options.actorProfileId, hiddenReason: options.reason }
      : { hiddenAt: null, hiddenBy: null, hiddenReason: null };
    await tx.update(groups).set(after).where(eq(groups.id, options.groupId));
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: options.hidden ? "group.hide" : "group.unhide",
      entityType: "group",
      entityId: options.groupId,
      before: { hidden: group.hiddenAt !== null, reason: group.hiddenReason },
      after: { hidden: options.hidden, reason: options.reason },
    });
    return { hidden: options.hidden };
  });
}
