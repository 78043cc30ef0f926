import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { canTransitionPack, PACK_STATUS_LABELS, type PackStatus } from "@/domain/authoring";
import type { DbOrTx } from "@/server/db/client";
import { events, packEvents, props } from "@/server/db/schema";
import { AppError, badRequest } from "@/server/http/app-error";

/** Every linked event must exist and be in the pack's league. */
export async function assertEventsFitPack(tx: DbOrTx, eventIds: string[], league: string): Promise<void> {
  if (eventIds.length === 0) return;
  const found = await tx.select({ id: events.id, league: events.league }).from(events).where(inArray(events.id, eventIds));
  if (found.length !== new Set(eventIds).size) throw badRequest("Unknown event");
  if (found.some((event) => event.league !== league)) throw badRequest("Events must be in the pack's league.");
}

/** Replaces a pack's linked events, keeping the given order. */
export async function linkPackEvents(tx: DbOrTx, packId: string, eventIds: string[]): Promise<void> {
  await tx.delete(packEvents).where(eq(packEvents.packId, packId));
  const unique = [...new Set(eventIds)];
  if (unique.length) await tx.insert(packEvents).values(unique.map((eventId, position) => ({ packId, eventId, position })));
}

/**
 * Checks a status change: allowed by PACK_STATUS_TRANSITIONS, and a pack that
 * will take picks (coming soon or open) needs at least one prop and a close
 * time in the future, so players never see a pack that cannot be played.
 */
export async function assertStatusChange(
  tx: DbOrTx,
  pack: { id: string; status: PackStatus; closeTime: Date | null },
  next: PackStatus,
  now: Date,
): Promise<void> {
  if (pack.status === next) return;
  if (!canTransitionPack(pack.status, next)) {
    throw new AppError(
      "CONFLICT",
      `A ${PACK_STATUS_LABELS[pack.status].toLowerCase()} pack cannot become ${PACK_STATUS_LABELS[next].toLowerCase()}.`,
    );
  }
  if (next === "open" || next === "coming-soon") {
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(props)
      .where(eq(props.packId, pack.id))) as [{ count: number }];
    if (Number(count) === 0) throw badRequest("Add at least one prop before opening the pack.");
    if (!pack.closeTime || pack.closeTime <= now) throw badRequest("Set a close time in the future before opening the pack.");
  }
}
