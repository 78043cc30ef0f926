import "server-only";
import { sql } from "drizzle-orm";
import type { InferOutput } from "valibot";
import type { VCurrentTake } from "@/domain/schemas/play";
import { TAKE_SIDES } from "@/domain/points";
import { isPackURL } from "@/domain/share";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
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
  const rows = await selectRows(
    db,
    sql`select t.id, t.created_at::text as key, t.prop_id, t.side, t.result, t.points, t.tokens_cents, t.locked_value, p.pack_url, t.receipt_id, t.created_at
        from takes t join packs p on p.id = t.pack_id
        where t.profile_id = ${input.profileId} and t.is_current
          ${input.packURL ? sql`and p.pack_url = ${input.packURL}` : sql``}
          ${after ? sql`and (t.created_at, t.id) < (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
        order by t.created_at desc, t.id desc
        limit ${limit + 1}`,
    currentTakeRow,
  );
  const page = keysetPage(rows, limit, (row) => ({ key: row.key, id: row.id }));
  return { items: page.items.map((row) => row.take), nextCursor: page.nextCursor };
}

const currentTakeRow = rowShape((r) => ({
  id: r.text("id"),
  key: r.text("key"),
  take: {
    propID: r.text("prop_id"),
    propSide: r.oneOf("side", TAKE_SIDES),
    takeResult: r.text("result"),
    takePts: r.int("points"),
    tokens: r.int("tokens_cents") / 100,
    lockedValue: r.int("locked_value"),
    packURL: r.text("pack_url"),
    receiptId: r.text("receipt_id"),
    createdAt: r.iso("created_at"),
  },
}));
