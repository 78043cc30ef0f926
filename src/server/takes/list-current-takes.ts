import "server-only";
import { sql } from "drizzle-orm";
import type { InferOutput } from "valibot";
import type { VCurrentTake } from "@/domain/schemas/play";
import { isPackURL } from "@/domain/share";
import { getDb, queryRows } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { decodeTimeCursor, keysetPage, type KeysetPage } from "@/server/http/keyset";

/** A current take as GET /api/userTakes answers it (src/domain/schemas/play.ts). */
type CurrentTake = InferOutput<typeof VCurrentTake>;

export const CURRENT_TAKES_PAGE = 100;

/**
 * A page of the signed-in player's current takes (one per prop), newest first,
 * after `cursor` (keyset by creation time and id, src/server/http/keyset.ts):
 * a season's player holds thousands.
 */
export async function listCurrentTakes(input: {
  profileId: string;
  packURL?: string | null;
  cursor?: string | null;
  limit?: number;
}): Promise<KeysetPage<CurrentTake>> {
  if (input.packURL && !isPackURL(input.packURL)) return { items: [], nextCursor: null };
  const limit = input.limit ?? CURRENT_TAKES_PAGE;
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  if (input.cursor && !after) throw new AppError("BAD_REQUEST", "Invalid cursor");
  const db = await getDb();
  const rows = await queryRows<{
    id: string;
    key: string;
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
    sql`select t.id, t.created_at::text as key, t.prop_id, t.side, t.result, t.points, t.tokens_cents, t.locked_value, p.pack_url, t.receipt_id, t.created_at
        from takes t join packs p on p.id = t.pack_id
        where t.profile_id = ${input.profileId} and t.is_current
          ${input.packURL ? sql`and p.pack_url = ${input.packURL}` : sql``}
          ${after ? sql`and (t.created_at, t.id) < (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
        order by t.created_at desc, t.id desc
        limit ${limit + 1}`,
  );
  const page = keysetPage(rows, limit, (row) => ({ key: row.key, id: row.id }));
  return {
    items: page.items.map((r) => ({
      propID: r.prop_id,
      propSide: r.side,
      takeResult: r.result,
      takePts: Number(r.points),
      tokens: Number(r.tokens_cents) / 100,
      lockedValue: Number(r.locked_value),
      packURL: r.pack_url,
      receiptId: r.receipt_id,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
