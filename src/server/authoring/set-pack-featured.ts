import "server-only";
import type { AdminPack } from "./pack-view";
import { updatePack } from "./update-pack";

/** Features a pack (unfeaturing any other, so there is one featured pack) or unfeatures it. Audited. */
export async function setPackFeatured(input: { packId: string; featured: boolean; actorProfileId: string }): Promise<AdminPack> {
  return updatePack({ packId: input.packId, featured: input.featured, actorProfileId: input.actorProfileId });
}
