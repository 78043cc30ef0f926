import "server-only";
import type { PackStatus } from "@/domain/authoring";
import type { PackOpenTextChoice } from "@/domain/schemas/pack-texts";
import type { OpeningTexts } from "@/domain/schemas/packs";
import type { AdminPack } from "./pack-view";
import { updatePackAndAnnounce } from "./update-pack";

/**
 * Moves a pack to another status (draft → coming-soon → open → live → …, see
 * PACK_STATUS_TRANSITIONS); opening needs a prop and a future close time. Audited.
 * Opening honours the admin's pack-open text choice and says what was texted (decision 040).
 */
export async function setPackStatus(input: {
  packId: string;
  status: PackStatus;
  actorProfileId: string;
  openText?: PackOpenTextChoice;
  now?: Date;
}): Promise<{ pack: AdminPack; texts: OpeningTexts }> {
  return updatePackAndAnnounce({
    packId: input.packId,
    status: input.status,
    actorProfileId: input.actorProfileId,
    openText: input.openText,
    now: input.now,
  });
}
