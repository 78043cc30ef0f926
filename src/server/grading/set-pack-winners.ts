import "server-only";
import { eq, or } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { currentPackWinner } from "./pack-winner-rule";
import { updateAudited } from "@/server/admin/update-audited";
import type { SetPackWinnersResult } from "@/domain/schemas/grading";
import { isId } from "@/domain/ids";

export interface PackWinnerRequest {
  airtableId?: string;
  packURL?: string;
}

/**
 * Computes and stores the winner of each graded pack (docs/PRODUCT.md §5): most
 * points, then more props won, then the earlier final submission, then
 * profile id. One short transaction per pack; a pack nobody played is marked
 * as having no winner. Packs that already have winners are left alone.
 */
export async function setPackWinners(options: {
  packs: PackWinnerRequest[];
  actorProfileId: string;
  now?: Date;
  db?: Db;
}): Promise<SetPackWinnersResult> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const result: SetPackWinnersResult = { updatedCount: 0, winners: [], errors: [] };
  for (const request of options.packs) {
    const failure = (error: string) =>
      result.errors.push({ packURL: request.packURL ?? null, airtableId: request.airtableId ?? null, error });
    const byId = request.airtableId && isId(request.airtableId) ? eq(packs.id, request.airtableId) : undefined;
    const byUrl = request.packURL ? eq(packs.packUrl, request.packURL) : undefined;
    if (!byId && !byUrl) {
      failure("Pack not found.");
      continue;
    }
    let settled: SetPackWinnersResult["winners"][number] | null = null;
    const outcome = await db.transaction(async (tx) => {
      const [pack] = await tx
        .select()
        .from(packs)
        .where(byId && byUrl ? or(byId, byUrl) : (byId ?? byUrl))
        .limit(1)
        .for("no key update");
      if (!pack) return "Pack not found.";
      if (pack.status !== "graded") return "Pack is not graded yet.";
      if (pack.winnersSetAt) return "Winners are already set.";
      const winner = await currentPackWinner(tx, pack.id);
      const after = { winnerProfileId: winner?.profile_id ?? null, winnerPoints: winner ? Number(winner.points) : null, winnersSetAt: now };
      await updateAudited(
        tx,
        { type: "pack", id: pack.id },
        { ...after, updatedAt: now },
        {
          actorProfileId: options.actorProfileId,
          action: "pack.set_winners",
          before: { winnerProfileId: pack.winnerProfileId, winnerPoints: pack.winnerPoints },
          after,
        },
      );
      settled = {
        packURL: pack.packUrl,
        title: pack.title,
        handle: winner ? (winner.handle ?? null) : null,
        points: winner ? Number(winner.points) : null,
      };
      return null;
    });
    if (outcome) failure(outcome);
    else {
      result.updatedCount++;
      if (settled) result.winners.push(settled);
    }
  }
  return result;
}
