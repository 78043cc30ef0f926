import "server-only";
import { sql } from "drizzle-orm";
import type { InferOutput } from "valibot";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { ZPackURL } from "@/domain/schemas/grading";
import { recordOf } from "@/domain/grading";
import { TAKE_RESULTS, TAKE_SIDES } from "@/domain/points";
import type { VPackGradedSummary } from "@/domain/schemas/play";

/** What GET /api/packs/{packURL}/graded answers (src/domain/schemas/play.ts). */
type PackGradedSummary = InferOutput<typeof VPackGradedSummary>;

/** One player's graded results on a pack, for the packGraded dialog. */
export async function getPackGradedSummary(options: { packURL: string; profileId: string; db?: DbOrTx }): Promise<PackGradedSummary> {
  if (!ZPackURL.safeParse(options.packURL).success) throw new AppError("NOT_FOUND", "Pack not found.");
  const db = options.db ?? (await getDb());
  const [pack] = await selectRows(
    db,
    sql`
      select p.id, p.pack_url, p.title, p.status,
             (select handle from profiles where id = ${options.profileId}) as handle,
             exists (select 1 from pack_graded_views v where v.pack_id = p.id and v.profile_id = ${options.profileId}) as seen
      from packs p
      where p.pack_url = ${options.packURL} and p.status not in ('draft', 'archived')
    `,
    rowShape((r) => ({
      id: r.text("id"),
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      status: r.text("status"),
      handle: r.text("handle"),
      seen: r.bool("seen"),
    })),
  );
  if (!pack) throw new AppError("NOT_FOUND", "Pack not found.");
  const takes = await selectRows(
    db,
    sql`
      select t.prop_id, pr.short_label, t.side,
             case when t.side = 'A' then pr.side_a_short else pr.side_b_short end as side_label,
             t.result, t.points, t.tokens_cents
      from takes t
      join props pr on pr.id = t.prop_id
      where t.pack_id = ${pack.id} and t.profile_id = ${options.profileId} and t.is_current
      order by pr.position, pr.created_at
    `,
    gradedTakeRow,
  );
  const isGraded = pack.status === "graded";
  return {
    packURL: pack.pack_url,
    packTitle: pack.title,
    handle: pack.handle,
    isGraded,
    seen: Boolean(pack.seen),
    shouldShow: isGraded && takes.length > 0 && !pack.seen,
    takes,
    totals: {
      points: takes.reduce((sum, take) => sum + take.points, 0),
      tokensCents: takes.reduce((sum, take) => sum + take.tokensCents, 0),
      ...recordOf(takes.map((take) => take.result)),
    },
  };
}

const gradedTakeRow = rowShape((r) => ({
  propId: r.text("prop_id"),
  prop: r.text("short_label"),
  side: r.oneOf("side", TAKE_SIDES),
  sideLabel: r.text("side_label"),
  result: r.oneOf("result", TAKE_RESULTS),
  points: r.int("points"),
  tokensCents: r.int("tokens_cents"),
}));
