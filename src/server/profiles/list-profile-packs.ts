import "server-only";
import { sql } from "drizzle-orm";
import type { AdminPlayerPack } from "@/domain/admin-players";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { keysetPage, timeSeek, type KeysetPage, type KeysetRequest } from "@/server/http/keyset";

export const PROFILE_PACKS_PAGE = 10;

/**
 * A player's takes for the admin player page (docs/SCREENS.md §3.13), a page
 * of packs at a time: the packs they took, latest take first, each with their
 * current takes. Keyset on (last take time, pack id)
 * (docs/decisions/024-season-scale.md); the packs come from
 * takes_profile_created_idx, so no index is added to the submission path
 * (docs/decisions/034-players-screen.md).
 */
export async function listProfilePacks(input: KeysetRequest & { profileId: string }): Promise<KeysetPage<AdminPlayerPack>> {
  const limit = input.limit ?? PROFILE_PACKS_PAGE;
  const seek = timeSeek(input.cursor, sql`last_take_at, pack_id`, true);
  const after = seek ? sql`where ${seek}` : sql``;
  const db = await getReadDb();
  const packs = await selectRows(
    db,
    sql`with played as (
          select pack_id, max(created_at) as last_take_at from takes where profile_id = ${input.profileId} group by pack_id
        )
        select pl.pack_id, pl.last_take_at, pl.last_take_at::text as last_take_at_text, pk.pack_url, pk.title, pk.status
        from (select * from played ${after}) pl
        join packs pk on pk.id = pl.pack_id
        order by pl.last_take_at desc, pl.pack_id desc
        limit ${limit + 1}`,
    rowShape((r) => ({
      pack_id: r.text("pack_id"),
      last_take_at_text: r.text("last_take_at_text"),
      last_take_at: r.date("last_take_at"),
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      status: r.text("status"),
    })),
  );
  const page = keysetPage(packs, limit, (row) => ({ key: row.last_take_at_text, id: row.pack_id }));
  const packIds = page.items.map((row) => row.pack_id);
  const takes = packIds.length
    ? await selectRows(
        db,
        sql`select t.pack_id, t.prop_id, case when t.side = 'A' then pr.side_a_take else pr.side_b_take end as statement,
              t.result, t.points, t.tokens_cents
            from takes t join props pr on pr.id = t.prop_id
            where t.profile_id = ${input.profileId} and t.is_current
              and t.pack_id = any(${`{${packIds.join(",")}}`}::uuid[])
            order by pr.position, pr.created_at`,
        rowShape((r) => ({
          pack_id: r.text("pack_id"),
          prop_id: r.text("prop_id"),
          statement: r.text("statement"),
          result: r.text("result"),
          points: r.int("points"),
          tokens_cents: r.int("tokens_cents"),
        })),
      )
    : [];
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.pack_id,
      packURL: row.pack_url,
      title: row.title,
      status: row.status,
      lastTakeAt: new Date(row.last_take_at).toISOString(),
      takes: takes
        .filter((take) => take.pack_id === row.pack_id)
        .map((take) => ({
          propId: take.prop_id,
          statement: take.statement,
          result: take.result,
          points: Number(take.points),
          tokensCents: Number(take.tokens_cents),
        })),
    })),
  };
}
