import "server-only";
import { like } from "drizzle-orm";
import { slugifyContestTitle } from "@/domain/contest-status";
import type { ContestForm } from "@/domain/schemas/contests";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { refreshContestLeaderboard } from "@/server/leaderboards/refresh-contest-leaderboard";
import { contests } from "@/server/db/schema";
import { replaceContestPacks } from "./replace-contest-packs";

/** A free slug for a title: `title`, else `title-2`, `title-3`, … (checked again by the unique index). */
function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 80 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Creates a contest with its packs in one transaction, under a unique slug
 * made from the title (the slug never changes afterwards, so shared links
 * last), and writes the audit row. Its leaderboard is then built from the
 * takes its packs already hold.
 */
export async function createContest(options: {
  form: ContestForm;
  actorProfileId: string;
}): Promise<{ id: string; contestID: string }> {
  const db = await getDb();
  const { form } = options;
  const base = slugifyContestTitle(form.title);
  const result = await db.transaction(async (tx) => {
    const taken = new Set(
      (await tx.select({ slug: contests.slug }).from(contests).where(like(contests.slug, `${base.slice(0, 70)}%`))).map(
        (row) => row.slug,
      ),
    );
    const slug = freeSlug(base, taken);
    const [created] = await tx
      .insert(contests)
      .values({
        slug,
        title: form.title,
        summary: form.summary,
        details: form.details,
        prize: form.prize,
        coverUrl: form.coverUrl,
        startsAt: form.startsAt,
        endsAt: form.endsAt,
        status: form.status,
      })
      .returning();
    const packs = await replaceContestPacks(tx, created!.id, form.packIds);
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: "contest.create",
      entityType: "contest",
      entityId: created!.id,
      after: { ...created, packIds: packs.after },
    });
    return { id: created!.id, contestID: slug };
  });
  if (form.packIds.length > 0) await refreshContestLeaderboard({ contestId: result.id, db });
  return result;
}
