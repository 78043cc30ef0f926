import "server-only";
import type { PackStatus } from "@/domain/authoring";
import type { AdminPack } from "./pack-view";
import { updatePack } from "./update-pack";

/**
 * Moves a pack to another status (draft → coming-soon → open → live → …, see
 * PACK_STATUS_TRANSITIONS); opening needs a prop and a future close time. Audited.
 */
export async function setPackStatus(input: {
  packId: string;
  status: PackStatus;
  actorProfileId: string;
  now?: Date;
}): Promise<AdminPack> {
  return updatePack({ packId: input.packId, status: input.status, actorProfileId: input.actorProfileId, now: input.now });
}
