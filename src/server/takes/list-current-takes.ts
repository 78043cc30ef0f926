import "server-only";
import { sql } from "drizzle-orm";
import { isPackURL } from "@/domain/share";
import { getDb, queryRows } from "@/server/db/client";

export interface CurrentTake {
  propID: string;
  propSide: "A" | "B";
  takeResult: string;
  takePts: number;
  tokens: number;
  lockedValue: number;
  packURL: string;
  receiptId: string;
  createdAt: string;
}

/** The signed-in player's current takes (one per prop), newest first. */
export async function listCurrentTakes(input: { profileId: string; packURL?: string | null; limit?: number }): Promise<CurrentTake[]> {
  if (input.packURL && !isPackURL(input.packURL)) return [];
  const db = await getDb();
  const rows = await queryRows<{
    prop_id: string;
    side: "A" | "B";
    result: string;
    points: number;
    tokens_cents: number;
    locked_value: number;
    pack_url: string;
    receipt_id: string;
    created_at: Date | string;
  }>(
    db,
    sql`select t.prop_id, t.side, t.result, t.points, t.tokens_cents, t.locked_value, p.pack_url, t.receipt_id, t.created_at
        from takes t join packs p on p.id = t.pack_id
        where t.profile_id = ${input.profileId} and t.is_current
          ${input.packURL ? sql`and p.pack_url = ${input.packURL}` : sql``}
        order by t.created_at desc
        limit ${input.limit ?? 500}`,
  );
  return rows.map((r) => ({
    propID: r.prop_id,
    propSide: r.side,
    takeResult: r.result,
    takePts: Number(r.points),
    tokens: Number(r.tokens_cents) / 100,
    lockedValue: Number(r.locked_value),
    packURL: r.pack_url,
    receiptId: r.receipt_id,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
