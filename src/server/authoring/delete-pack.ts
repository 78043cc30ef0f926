import "server-only";
import { eq } from "drizzle-orm";
import { deleteAudited } from "@/server/admin/delete-audited";
import { packs, takes } from "@/server/db/schema";

/** Deletes a pack nobody has played; a pack with takes is history, so it can only be archived. Audited. */
export async function deletePack(input: { packId: string; actorProfileId: string }): Promise<void> {
  await deleteAudited({
    table: packs,
    kind: "pack",
    id: input.packId,
    actorProfileId: input.actorProfileId,
    notFound: "Pack not found",
    inUse: {
      from: takes,
      where: (packId) => eq(takes.packId, packId),
      message: "This pack has takes, so it cannot be deleted. Archive it instead.",
    },
  });
}
