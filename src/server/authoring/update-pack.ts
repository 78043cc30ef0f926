import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { packEvents, packs } from "@/server/db/schema";
import { badRequest, conflict, notFound } from "@/server/http/app-error";
import type { OpeningTexts } from "@/domain/schemas/packs";
import { announcePackOpening } from "@/server/notifications/pack-open/announce-pack-opening";
import type { PackOpenTextChoice } from "@/domain/schemas/pack-texts";
import { PACK_URL_TAKEN } from "./create-pack";
import { isUniqueViolation } from "./db-errors";
import { loadAdminPack, type AdminPack } from "./pack-view";
import { assertEventsFitPack, assertStatusChange, linkPackEvents } from "./pack-rules";
import type { UpdatePackRequest } from "@/domain/schemas/packs";

type UpdatePackInput = UpdatePackRequest & {
  packId: string;
  actorProfileId: string;
  now?: Date;
  /** The admin's choice for the pack-open text when this change opens the pack (decision 040). */
  openText?: PackOpenTextChoice;
};

/** Edits a pack; see updatePackAndAnnounce. */
export async function updatePack(input: UpdatePackInput): Promise<AdminPack> {
  return (await updatePackAndAnnounce(input)).pack;
}

/**
 * Edits a pack (only the fields given), including its linked events, featured
 * flag and status (same rules as the status change). Locks the pack row; audited
 * with before and after. A status change that opens the pack queues (or skips)
 * its pack-open text in the same transaction (announcePackOpening) and says so.
 */
export async function updatePackAndAnnounce(input: UpdatePackInput): Promise<{ pack: AdminPack; texts: OpeningTexts }> {
  const db = await getDb();
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(packs).where(eq(packs.id, input.packId)).for("update");
      if (!before) throw notFound("Pack not found");
      const league = input.league ?? before.league;
      const beforeEvents = await tx
        .select({ eventId: packEvents.eventId })
        .from(packEvents)
        .where(eq(packEvents.packId, input.packId))
        .orderBy(asc(packEvents.position));
      if (input.eventIds) await assertEventsFitPack(tx, input.eventIds, league);
      else if (input.league && input.league !== before.league) {
        await assertEventsFitPack(
          tx,
          beforeEvents.map((e) => e.eventId),
          league,
        );
      }
      const openTime = input.openTime === undefined ? before.openTime : input.openTime;
      const closeTime = input.closeTime === undefined ? before.closeTime : input.closeTime;
      if (openTime && closeTime && openTime >= closeTime) throw badRequest("Close time must be after open time.");
      const status = input.status ?? before.status;
      await assertStatusChange(tx, { id: before.id, status: before.status, closeTime }, status, now);

      const changes = Object.fromEntries(
        Object.entries({
          title: input.title,
          packUrl: input.packUrl,
          league: input.league,
          summary: input.summary,
          coverUrl: input.coverUrl,
          prizeTitle: input.prizeTitle,
          prizeImageUrl: input.prizeImageUrl,
          prizePoints: input.prizePoints,
          prizeSummary: input.prizeSummary,
          openTime: input.openTime,
          closeTime: input.closeTime,
          status: input.status,
          featured: input.featured,
        }).filter(([, value]) => value !== undefined),
      );
      if (input.featured === true && !before.featured) {
        // One featured pack at a time: the dashboard banner and featuredPack show one. The
        // advisory lock serialises concurrent "feature" requests for different packs.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('takes:featured-pack'))`);
        await tx
          .update(packs)
          .set({ featured: false, updatedAt: now })
          .where(and(eq(packs.featured, true), ne(packs.id, before.id)));
      }
      const [after] = await tx
        .update(packs)
        .set({ ...changes, updatedAt: now })
        .where(eq(packs.id, before.id))
        .returning();
      if (input.eventIds) await linkPackEvents(tx, before.id, input.eventIds);
      await recordAdminAction(tx, {
        actorProfileId: input.actorProfileId,
        action: "pack.update",
        entityType: "pack",
        entityId: before.id,
        before: { ...before, eventIds: beforeEvents.map((e) => e.eventId) },
        after: { ...after, eventIds: input.eventIds ?? beforeEvents.map((e) => e.eventId) },
      });
      const texts = await announcePackOpening(tx, {
        before: { status: before.status, openNotifiedAt: before.openNotifiedAt },
        after: { ...after!, status: after!.status },
        choice: input.openText,
        actorProfileId: input.actorProfileId,
        now,
      });
      return { pack: (await loadAdminPack(tx, before.id))!, texts };
    });
  } catch (error) {
    if (isUniqueViolation(error, "packs_pack_url_key")) throw conflict(PACK_URL_TAKEN);
    throw error;
  }
}
