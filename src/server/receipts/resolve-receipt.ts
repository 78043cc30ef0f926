import "server-only";
import { sql } from "drizzle-orm";
import { hasPackClosed } from "@/domain/pack-state";
import { isHandle, isPackURL } from "@/domain/share";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";

/**
 * The player's latest receipt on a pack. Before close only the owner may
 * resolve it (picks are private until then); afterwards anyone may.
 */
export async function resolveReceipt(input: {
  packURL: string;
  profileHandle: string;
  viewerProfileId?: string | null;
  now?: Date;
}): Promise<{ receiptId: string }> {
  const now = input.now ?? new Date();
  if (!isPackURL(input.packURL) || !isHandle(input.profileHandle)) throw new AppError("NOT_FOUND", "Could not resolve receipt");
  const db = await getDb();
  const [row] = await selectRows(
    db,
    sql`select (select r.id from receipts r where r.pack_id = p.id and r.profile_id = pr.id
                order by r.created_at desc, r.id desc limit 1) as receipt_id,
          pr.id as profile_id, p.status, p.open_time, p.close_time
        from packs p, profiles pr
        where p.pack_url = ${input.packURL} and p.status not in ('draft', 'archived')
          and lower(pr.handle) = lower(${input.profileHandle})
        limit 1`,
    rowShape((r) => ({
      receipt_id: r.textOrNull("receipt_id"),
      profile_id: r.text("profile_id"),
      status: r.text("status"),
      open_time: r.dateOrNull("open_time"),
      close_time: r.dateOrNull("close_time"),
    })),
  );
  if (!row?.receipt_id) throw new AppError("NOT_FOUND", "Could not resolve receipt");
  const closed = hasPackClosed(
    {
      status: row.status,
      openTime: row.open_time ? new Date(row.open_time) : null,
      closeTime: row.close_time ? new Date(row.close_time) : null,
    },
    now,
  );
  if (!closed && row.profile_id !== input.viewerProfileId) {
    throw new AppError("FORBIDDEN", "Takes on this pack stay private until it closes.");
  }
  return { receiptId: row.receipt_id };
}
