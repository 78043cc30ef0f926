import "server-only";
import { like } from "drizzle-orm";
import { slugifyContestTitle } from "@/domain/contest-status";
import type { ContestForm, SavedContest } from "@/domain/schemas/contests";
import { saveCollection } from "@/server/collections/collection";
import { contests } from "@/server/db/schema";

/** The contest's own columns as its admin form sets them, on create and on edit alike. */
export const contestFormColumns = (form: ContestForm) => ({
  title: form.title,
  summary: form.summary,
  details: form.details,
  prize: form.prize,
  coverUrl: form.coverUrl,
  startsAt: form.startsAt,
  endsAt: form.endsAt,
  status: form.status,
});

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
 * Creates a contest with its packs (one collection save, audited, its board counted from the takes
 * its packs already hold) under a unique slug made from the title (the slug never changes
 * afterwards, so shared links last).
 */
export async function createContest(options: { form: ContestForm; actorProfileId: string }): Promise<SavedContest> {
  const { form } = options;
  const base = slugifyContestTitle(form.title);
  const created = await saveCollection({
    kind: "contest",
    packIds: form.packIds,
    actorProfileId: options.actorProfileId,
    write: async (tx) => {
      const taken = new Set(
        (
          await tx
            .select({ slug: contests.slug })
            .from(contests)
            .where(like(contests.slug, `${base.slice(0, 70)}%`))
        ).map((row) => row.slug),
      );
      const [row] = await tx
        .insert(contests)
        .values({ slug: freeSlug(base, taken), ...contestFormColumns(form) })
        .returning();
      return row!;
    },
  });
  return { id: created.id, contestID: created.slug };
}
