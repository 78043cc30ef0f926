import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import type { PickFixOptions } from "@/domain/schemas/pick-fixes";

/** How many packs "Fix a pick" offers: the latest published ones, newest first. */
const PACKS_OFFERED = 50;

/**
 * What the "Fix a pick" dialog chooses from (docs/SCREENS.md §3.13): the latest published packs,
 * and for a chosen pack its props (at most a pack's props, a few dozen) with the player's current
 * pick and what it scores. Bounded in SQL; 404 for an unknown player or pack.
 */
export async function pickFixOptions(input: { profileId: string; packURL?: string }): Promise<PickFixOptions> {
  const db = await getDb();
  const [player] = await selectRows(
    db,
    sql`select id from profiles where id = ${input.profileId}`,
    rowShape((r) => ({ id: r.text("id") })),
  );
  if (!player) throw new AppError("NOT_FOUND", "Player not found.");
  const packs = await selectRows(
    db,
    sql`select pack_url, title, status from packs where status not in ('draft', 'archived')
        order by coalesce(close_time, created_at) desc, id limit ${PACKS_OFFERED}`,
    rowShape((r) => ({ packURL: r.text("pack_url"), title: r.text("title"), status: r.text("status") })),
  );
  if (!input.packURL) return { packs, props: [] };
  const [pack] = await selectRows(
    db,
    sql`select id from packs where pack_url = ${input.packURL} and status <> 'draft'`,
    rowShape((r) => ({ id: r.text("id") })),
  );
  if (!pack) throw new AppError("NOT_FOUND", "Pack not found.");
  const props = await selectRows(
    db,
    sql`select p.id, p.short_label, p.side_a_short, p.side_b_short, p.side_a_value, p.side_b_value, p.status,
               t.side, coalesce(t.points, 0) as points
        from props p
        left join takes t on t.prop_id = p.id and t.profile_id = ${player.id} and t.is_current
        where p.pack_id = ${pack.id}
        order by p.position, p.created_at
        limit 200`,
    rowShape((r) => ({
      id: r.text("id"),
      label: r.text("short_label"),
      sideA: r.text("side_a_short"),
      sideB: r.text("side_b_short"),
      valueA: r.int("side_a_value"),
      valueB: r.int("side_b_value"),
      status: r.text("status"),
      currentSide: r.oneOfOrNull("side", ["A", "B"] as const),
      points: r.int("points"),
    })),
  );
  return { packs, props };
}
