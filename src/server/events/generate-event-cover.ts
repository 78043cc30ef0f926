import "server-only";
import type { CoverResult } from "@/domain/schemas/events";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { log } from "@/server/ops/log";
import { writeCover } from "./cover-store";
import { buildEventCoverSvg, type CoverTeam } from "./event-cover-svg";
import { getEventOrThrow } from "./get-event";

const LOGO_TIMEOUT_MS = 4_000;
const LOGO_MAX_BYTES = 512 * 1024;

/** A logo as a data URI, or null when it cannot be fetched quickly as a small image. */
async function fetchLogoDataUri(url: string | null): Promise<string | null> {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(LOGO_TIMEOUT_MS), cache: "no-store" });
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!response.ok || !/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(type)) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) return null;
    return `data:${type};base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}

/** Renders an event's cover SVG from its teams (network for logos; no database writes). */
export async function renderEventCover(eventId: string): Promise<{ svg: string; logosInlined: number }> {
  const event = await getEventOrThrow({ eventId });
  const [awayLogo, homeLogo] = await Promise.all([
    fetchLogoDataUri(event.awayTeam?.logoUrl ?? null),
    fetchLogoDataUri(event.homeTeam?.logoUrl ?? null),
  ]);
  const [awayAbbr, homeAbbr] = (event.shortName ?? "").split(/\s+(?:@|VS)\s+/i);
  const away: CoverTeam = {
    abbreviation: event.awayTeam?.abbreviation ?? awayAbbr ?? "AWAY",
    color: event.awayTeam?.color ?? null,
    logoDataUri: awayLogo,
  };
  const home: CoverTeam = {
    abbreviation: event.homeTeam?.abbreviation ?? homeAbbr ?? "HOME",
    color: event.homeTeam?.color ?? null,
    logoDataUri: homeLogo,
  };
  return {
    svg: buildEventCoverSvg({ away, home, label: event.eventTitle }),
    logosInlined: Number(Boolean(awayLogo)) + Number(Boolean(homeLogo)),
  };
}

/**
 * Composes the two team logos into one square cover, stores it and sets the
 * event's cover URL (audited). Logos are fetched before any write; a logo that
 * cannot be fetched is replaced by the team colour and abbreviation. Never
 * throws for a known event: failures come back as `ok: false`.
 */
export async function generateEventCover(input: { eventId: string; actorProfileId: string }): Promise<CoverResult> {
  const db = await getDb();
  const [existing] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!existing) throw notFound("Event not found");
  try {
    const { svg, logosInlined } = await renderEventCover(input.eventId);
    const coverUrl = await writeCover(input.eventId, svg);
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ coverUrl: events.coverUrl })
        .from(events)
        .where(eq(events.id, input.eventId))
        .for("update");
      if (!before) throw notFound("Event not found");
      if (before.coverUrl === coverUrl) return;
      await tx.update(events).set({ coverUrl, updatedAt: new Date() }).where(eq(events.id, input.eventId));
      await recordAdminAction(tx, {
        actorProfileId: input.actorProfileId,
        action: "event.cover",
        entityType: "event",
        entityId: input.eventId,
        before,
        after: { coverUrl },
      });
    });
    return { eventId: input.eventId, ok: true, coverUrl, logosInlined };
  } catch (error) {
    log("warn", "cover generation failed", { eventId: input.eventId, error: error instanceof Error ? error.message : String(error) });
    return { eventId: input.eventId, ok: false, coverUrl: null, logosInlined: 0, error: "Cover generation failed" };
  }
}
