import "server-only";
import { getDb } from "@/server/db/client";
import { conflict } from "@/server/http/app-error";
import { isUniqueViolation } from "./db-errors";
import { loadAdminPack, type AdminPack } from "./pack-view";
import { insertDraftPack } from "./insert-draft-pack";
import { assertEventsFitPack } from "./pack-rules";
import type { CreatePackRequest } from "@/domain/schemas/packs";

export const PACK_URL_TAKEN = "That pack URL is already taken.";

/**
 * Creates a draft pack with its linked events (audited). A pack is always
 * created as a draft: it opens through the status change, which checks it has
 * props and a future close time.
 */
export async function createPack(input: CreatePackRequest & { actorProfileId: string }): Promise<AdminPack> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const eventIds = input.eventIds ?? [];
      await assertEventsFitPack(tx, eventIds, input.league);
      const row = await insertDraftPack(tx, {
        values: {
          packUrl: input.packUrl,
          title: input.title,
          league: input.league,
          summary: input.summary ?? null,
          coverUrl: input.coverUrl ?? null,
          prizeTitle: input.prizeTitle ?? null,
          prizeImageUrl: input.prizeImageUrl ?? null,
          prizePoints: input.prizePoints ?? null,
          prizeSummary: input.prizeSummary ?? null,
          openTime: input.openTime ?? null,
          closeTime: input.closeTime ?? null,
        },
        eventIds,
        actorProfileId: input.actorProfileId,
      });
      return (await loadAdminPack(tx, row.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "packs_pack_url_key")) throw conflict(PACK_URL_TAKEN);
    throw error;
  }
}
