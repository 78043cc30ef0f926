import "server-only";
import { eq } from "drizzle-orm";
import { deleteAudited } from "@/server/admin/delete-audited";
import { props, takes } from "@/server/db/schema";

/**
 * Deletes a prop that nobody has taken yet. A prop with takes is part of
 * players' history (and perhaps their payouts), so it must be voided instead.
 */
export async function deleteProp(input: { propId: string; actorProfileId: string }): Promise<void> {
  await deleteAudited({
    table: props,
    kind: "prop",
    id: input.propId,
    actorProfileId: input.actorProfileId,
    notFound: "Prop not found",
    inUse: {
      from: takes,
      where: (propId) => eq(takes.propId, propId),
      message: "This prop has takes, so it cannot be deleted. Void it instead.",
    },
  });
}
