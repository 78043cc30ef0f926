import "server-only";
import { sql } from "drizzle-orm";
import { hasPackClosed } from "@/domain/pack-state";
import { isHandle, isPackURL } from "@/domain/share";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { priceTakes, takePriceColumns, takePriceFields } from "@/server/prices/take-prices";
import type { InferOutput } from "valibot";
import type { VPackUserTakesAnswer } from "@/domain/schemas/play";

/** One take as GET /api/packs/{packURL}/userTakes answers it (src/domain/schemas/play.ts). */
export type PlayerPackTake = InferOutput<typeof VPackUserTakesAnswer>["items"][number];

/**
 * One player's current takes on a pack. Private before the pack closes (only
 * the owner may read them); public afterwards.
 */
export async function listPlayerPackTakes(input: {
  packURL: string;
  profileHandle: string;
  viewerProfileId?: string | null;
  now?: Date;
}): Promise<{ handle: string; items: PlayerPackTake[] }> {
  const now = input.now ?? new Date();
  if (!isPackURL(input.packURL)) throw new AppError("NOT_FOUND", "Pack not found");
  if (!isHandle(input.profileHandle)) throw new AppError("NOT_FOUND", "Player not found");
  const db = await getDb();
  const [pack] = await selectRows(
    db,
    sql`select id, status, open_time, close_time from packs
        where pack_url = ${input.packURL} and status not in ('draft', 'archived') limit 1`,
    rowShape((r) => ({
      id: r.text("id"),
      status: r.text("status"),
      open_time: r.dateOrNull("open_time"),
      close_time: r.dateOrNull("close_time"),
    })),
  );
  if (!pack) throw new AppError("NOT_FOUND", "Pack not found");
  const [player] = await selectRows(
    db,
    sql`select id, handle from profiles where lower(handle) = lower(${input.profileHandle}) limit 1`,
    rowShape((r) => ({ id: r.text("id"), handle: r.text("handle") })),
  );
  if (!player) throw new AppError("NOT_FOUND", "Player not found");
  const closed = hasPackClosed(
    {
      status: pack.status,
      openTime: pack.open_time ? new Date(pack.open_time) : null,
      closeTime: pack.close_time ? new Date(pack.close_time) : null,
    },
    now,
  );
  if (!closed && player.id !== input.viewerProfileId) {
    throw new AppError("FORBIDDEN", "Takes on this pack stay private until it closes.");
  }
  const rows = await selectRows(
    db,
    sql`select ${takePriceColumns}, case when t.side = 'A' then pr.side_a_take else pr.side_b_take end as statement, t.result, t.points
        from takes t join props pr on pr.id = t.prop_id
        where t.pack_id = ${pack.id} and t.profile_id = ${player.id} and t.is_current
        order by pr.position, pr.created_at`,
    rowShape((r) => ({ ...takePriceFields(r), statement: r.text("statement"), result: r.text("result"), points: r.int("points") })),
  );
  const priced = await priceTakes(db, { closeTime: pack.close_time }, rows, now);
  return {
    handle: player.handle,
    items: rows.map((r, i) => {
      const { prices } = priced[i]!;
      return {
        statement: r.statement,
        result: r.result,
        points: Number(r.points),
        propID: r.prop_id,
        lockedValue: prices.locked.value,
        lockedMoneyline: prices.locked.moneyline,
        nowMoneyline: prices.now?.moneyline ?? null,
        nowValue: prices.now?.value ?? null,
        closingMoneyline: prices.closing?.moneyline ?? null,
        closingValue: prices.closing?.value ?? null,
        beatTheClose: prices.beatTheClose,
      };
    }),
  };
}
