import "server-only";
import { sql } from "drizzle-orm";
import type { AdminPlayerDetail } from "@/domain/admin-players";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { isId } from "@/domain/ids";

/** A player as the admin player page shows them (docs/SCREENS.md §3.13); null when there is no such profile. */
export async function getAdminProfile(input: { profileId: string }): Promise<AdminPlayerDetail | null> {
  if (!isId(input.profileId)) return null;
  const db = await getDb();
  const [row] = await selectRows(
    db,
    sql`select p.id, p.handle, p.phone, p.super_admin, p.created_at, p.suspended_at, p.suspended_reason,
          (select coalesce(sum(l.amount_cents), 0) from token_ledger l where l.profile_id = p.id) as balance_cents
        from profiles p where p.id = ${input.profileId}`,
    rowShape((r) => ({
      id: r.text("id"),
      handle: r.text("handle"),
      phone: r.text("phone"),
      super_admin: r.bool("super_admin"),
      balance_cents: r.int("balance_cents"),
      created_at: r.date("created_at"),
      suspended_at: r.dateOrNull("suspended_at"),
      suspended_reason: r.textOrNull("suspended_reason"),
    })),
  );
  if (!row) return null;
  return {
    id: row.id,
    handle: row.handle,
    phone: row.phone,
    superAdmin: row.super_admin,
    balanceCents: Number(row.balance_cents),
    createdAt: new Date(row.created_at).toISOString(),
    suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
    suspendedReason: row.suspended_reason,
  };
}
