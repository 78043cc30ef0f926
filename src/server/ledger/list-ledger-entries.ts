import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { findProfileByHandle } from "@/server/profiles/find-profile-by-handle";
import { getBalanceCents } from "./append-ledger-entry";
import type { ProfileLedger } from "@/domain/schemas/grading";

const PAGE_SIZE = 100;

/** A profile (by handle or id) with its balance and its ledger, newest first, 100 rows a page; for admins. */
export async function listLedgerEntries(options: { profile: string; page?: number; db?: DbOrTx }): Promise<ProfileLedger> {
  const db = options.db ?? (await getDb());
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const profile = await findProfileByHandle({ handleOrId: options.profile, db });
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  const rows = await selectRows(
    db,
    sql`
      select l.id, l.amount_cents, l.kind, l.business_key, l.reason, p.pack_url, l.take_id, a.handle as actor_handle, l.created_at
      from token_ledger l
      left join packs p on p.id = l.pack_id
      left join profiles a on a.id = l.actor_profile_id
      where l.profile_id = ${profile.id}
      order by l.created_at desc, l.id desc
      limit ${PAGE_SIZE + 1} offset ${(page - 1) * PAGE_SIZE}
    `,
    rowShape((r) => ({
      id: r.int("id"),
      amount_cents: r.int("amount_cents"),
      kind: r.text("kind"),
      business_key: r.text("business_key"),
      reason: r.textOrNull("reason"),
      pack_url: r.textOrNull("pack_url"),
      take_id: r.textOrNull("take_id"),
      actor_handle: r.textOrNull("actor_handle"),
      created_at: r.date("created_at"),
    })),
  );
  return {
    profile,
    balanceCents: await getBalanceCents(db, profile.id),
    entries: rows.slice(0, PAGE_SIZE).map((row) => ({
      id: Number(row.id),
      amountCents: Number(row.amount_cents),
      kind: row.kind,
      businessKey: row.business_key,
      reason: row.reason,
      packURL: row.pack_url,
      takeId: row.take_id,
      actorHandle: row.actor_handle,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    page,
    hasNext: rows.length > PAGE_SIZE,
  };
}
