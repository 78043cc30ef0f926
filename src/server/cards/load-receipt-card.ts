import "server-only";
import { sql } from "drizzle-orm";
import { isAcceptingTakes, isPropOpen } from "@/domain/pack-state";
import { TAKE_RESULTS } from "@/domain/points";
import { isReceiptId } from "@/domain/share";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { receiptTakesFrom } from "@/server/receipts/receipt-takes-sql";
import { drawReceiptCard, type DrawnCard } from "./draw-cards";

const GRADED = new Set(["gradedA", "gradedB", "push", "void"]);

const headRow = rowShape((r) => ({
  handle: r.text("handle"),
  title: r.text("title"),
  status: r.text("status"),
  openTime: r.dateOrNull("open_time"),
  closeTime: r.dateOrNull("close_time"),
}));

const pickRow = rowShape((r) => ({
  prop: r.text("short_label"),
  propStatus: r.text("prop_status"),
  propClose: r.dateOrNull("prop_close"),
  sideLabel: r.text("side_label"),
  result: r.oneOf("result", TAKE_RESULTS),
  points: r.int("points"),
}));

/**
 * A receipt's share card (docs/decisions/067-share-cards.md): whose picks on which pack. A pick is
 * drawn only once its prop has locked (closed, graded, or the pack no longer taking picks); the
 * others are only counted, so a card shared before the lock gives nothing away. Results and points
 * once graded. Null for an unknown receipt, a pack players cannot see, or a deleted or suspended
 * player.
 */
export async function loadReceiptCard(receiptId: string, now: Date): Promise<DrawnCard | null> {
  if (!isReceiptId(receiptId)) return null;
  const db = await getReadDb();
  const [head] = await selectRows(
    db,
    sql`select pr.handle, p.title, p.status, p.open_time, p.close_time
        from receipts r
        join packs p on p.id = r.pack_id
        join profiles pr on pr.id = r.profile_id
        where r.id = ${receiptId} and p.status not in ('draft', 'archived')
          and pr.deleted_at is null and pr.suspended_at is null
        limit 1`,
    headRow,
  );
  if (!head) return null;
  // The picks that stood right after this submission, as the receipt page shows them (src/server/receipts/get-receipt.ts).
  const picks = await selectRows(
    db,
    sql`select p.short_label, p.status as prop_status, p.close_time as prop_close,
          case when t.side = 'A' then p.side_a_short else p.side_b_short end as side_label, t.result, t.points
        ${receiptTakesFrom(receiptId)}
        order by p.position, p.created_at`,
    pickRow,
  );
  const accepting = isAcceptingTakes(head, now);
  const locked = picks.filter((pick) => !accepting || !isPropOpen({ status: pick.propStatus, closeTime: pick.propClose }, now));
  const graded = locked.filter((pick) => GRADED.has(pick.propStatus));
  return drawReceiptCard({
    handle: head.handle,
    packTitle: head.title,
    locked: locked.map((pick) => ({
      prop: pick.prop,
      side: pick.sideLabel,
      result: GRADED.has(pick.propStatus) ? pick.result : "pending",
    })),
    hiddenCount: picks.length - locked.length,
    graded:
      graded.length > 0
        ? {
            won: graded.filter((pick) => pick.result === "won").length,
            lost: graded.filter((pick) => pick.result === "lost").length,
            pushed: graded.filter((pick) => pick.result === "push").length,
            points: graded.reduce((sum, pick) => sum + pick.points, 0),
          }
        : null,
  });
}
