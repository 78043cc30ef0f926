import "server-only";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events, packEvents, packs } from "@/server/db/schema";
import { badRequest, conflict, notFound } from "@/server/http/app-error";
import { PACK_URL_TAKEN } from "./create-pack";
import { insertProp } from "./create-prop";
import { isUniqueViolation } from "./db-errors";
import type { SuperPropRequest, SuperPropResult } from "@/domain/schemas/props";

/**
 * Publishes a super prop: one headline prop as its own one-prop pack, open at
 * once and closing with the prop (by default its game's start). All or
 * nothing; audited.
 */
export async function createSuperProp(input: SuperPropRequest & { actorProfileId: string; now?: Date }): Promise<SuperPropResult> {
  const db = await getDb();
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).limit(1);
      if (!event) throw notFound("Event not found");
      const closeTime = input.closeTime ?? event.startTime;
      if (closeTime <= now) throw badRequest("This game has started: set a close time in the future.");
      const [pack] = await tx
        .insert(packs)
        .values({
          packUrl: input.packUrl,
          title: input.packTitle,
          league: event.league,
          status: "open",
          summary: input.summary ?? null,
          coverUrl: event.coverUrl,
          openTime: now,
          closeTime,
          isSuperProp: true,
          creatorProfileId: input.actorProfileId,
        })
        .returning();
      await tx.insert(packEvents).values({ packId: pack!.id, eventId: event.id, position: 0 });
      await recordAdminAction(tx, {
        actorProfileId: input.actorProfileId,
        action: "pack.create-super-prop",
        entityType: "pack",
        entityId: pack!.id,
        before: null,
        after: pack,
      });
      const { packTitle: _title, packUrl: _url, actorProfileId, now: _now, ...fields } = input;
      const prop = await insertProp(tx, pack!, { ...fields, closeTime }, actorProfileId);
      return { packId: pack!.id, packUrl: pack!.packUrl, prop };
    });
  } catch (error) {
    if (isUniqueViolation(error, "packs_pack_url_key")) throw conflict(PACK_URL_TAKEN);
    throw error;
  }
}
