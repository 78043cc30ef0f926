import "server-only";
import type { ContestForm, SavedContest } from "@/domain/schemas/contests";
import { editCollection } from "@/server/collections/collection";
import { contests } from "@/server/db/schema";
import { contestFormColumns } from "./create-contest";

/**
 * Saves an edited contest and the exact set of its packs (one collection save: the row is
 * locked, so two admins saving at once apply one after the other, with the before/after in the
 * audit log, and the board recounted when the packs changed). The slug is kept.
 */
export async function updateContest(options: {
  contestID: string;
  form: ContestForm;
  actorProfileId: string;
  now?: Date;
}): Promise<SavedContest> {
  const saved = await editCollection({
    kind: "contest",
    table: contests,
    key: options.contestID,
    packIds: options.form.packIds,
    actorProfileId: options.actorProfileId,
    set: { ...contestFormColumns(options.form), updatedAt: options.now ?? new Date() },
  });
  return { id: saved.id, contestID: saved.slug };
}
