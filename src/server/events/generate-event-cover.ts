import "server-only";
import type { CoverResult } from "@/domain/schemas/events";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { log } from "@/server/ops/log";
import { allowedPictureUrl } from "@/server/pictures/picture-hosts";
import { writeCover } from "./cover-store";
import { buildEventCoverSvg, type CoverTeam } from "./event-cover-svg";
import { getEventOrThrow } from "./get-event";

const LOGO_TIMEOUT_MS = 4_000;
const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_MAX_REDIRECTS = 3;

/**
 * A logo as a data URI, or null when it cannot be fetched quickly as a small image. Only from a
 * picture host (PICTURE_HOSTS, docs/decisions/051-picture-hosts-allow-list.md): a logo anywhere
 * else is never asked for, and a redirect is followed only to another picture host.
 */
async function fetchLogoDataUri(url: string | null): Promise<string | null> {
  let target = url ? allowedPictureUrl(url) : null;
  if (!target) return null;
  const signal = AbortSignal.timeout(LOGO_TIMEOUT_MS);
  try {
    for (let redirects = 0; redirects <= LOGO_MAX_REDIRECTS; redirects++) {
      const response: Response = await fetch(target, { signal, cache: "no-store", redirect: "manual" });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get("location");
        target = location ? allowedPictureUrl(new URL(location, target).href) : null;
        if (!target) return null;
        continue;
      }
      const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const length = Number(response.headers.get("content-length") ?? "0");
      if (!response.ok || !/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(type) || length > LOGO_MAX_BYTES) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      const bytes = await readAtMost(response, LOGO_MAX_BYTES);
      if (!bytes || bytes.length === 0) return null;
      return `data:${type};base64,${bytes.toString("base64")}`;
    }
    return null;
  } catch {
    return null;
  }
}

/** The body, or null as soon as it passes `max` bytes (the rest is never read). */
async function readAtMost(response: Response, max: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
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
      const [before] = await tx.select({ coverUrl: events.coverUrl }).from(events).where(eq(events.id, input.eventId)).for("update");
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
