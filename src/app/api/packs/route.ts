import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { parseDayParam } from "@/domain/time";
import type { PackSummary } from "@/domain/views";
import { listPacksPage } from "@/server/packs/list-packs";
import { ZCursor } from "@/server/http/keyset";

/** Packs per answer unless asked (`limit`, at most PACKS_API_MAX); `nextCursor` leads to the rest. */
const PACKS_API_PAGE = 100;
const PACKS_API_MAX = 200;

export const dynamic = "force-dynamic";

const VIEWS = { open: "open", "coming soon": "coming-soon", closed: "closed", all: "all" } as const;
const ZQuery = z.object({
  view: z
    .string()
    .optional()
    .transform((v) => (v ?? "all").toLowerCase().replace(/[-_]/g, " "))
    .pipe(z.enum(Object.keys(VIEWS) as [keyof typeof VIEWS], { message: "Unknown view" })),
  league: z.enum(SUPPORTED_LEAGUES, { message: "Unsupported league" }).optional(),
  /** A New York day (YYYY-MM-DD): every pack of that day, however old, instead of the front of the feed. */
  date: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const day = parseDayParam(v);
      if (!day) ctx.addIssue({ code: "custom", message: "Invalid date" });
      return day ?? undefined;
    }),
  /** A page of at most `limit` packs (default PACKS_API_PAGE) after `cursor` (src/server/http/keyset.ts). */
  limit: z.coerce.number({ message: "Invalid limit" }).int("Invalid limit").min(1, "Invalid limit").max(PACKS_API_MAX, "Invalid limit").optional(),
  cursor: ZCursor.optional(),
});

const toApi = (p: PackSummary) => ({
  airtableId: p.id,
  packURL: p.packURL,
  packTitle: p.title,
  packLeague: p.league,
  packStatus: p.status,
  packSummary: p.summary,
  packCover: p.coverUrl ? [{ url: p.coverUrl }] : [],
  propsCount: p.propsCount,
  takeCount: p.takeCount,
  eventTime: p.eventTime?.toISOString() ?? null,
  packOpenTime: p.openTime?.toISOString() ?? null,
  packCloseTime: p.closeTime?.toISOString() ?? null,
  prizeTitle: p.prizeTitle,
  winner: p.winner,
});

/**
 * GET /api/packs?view=Open – packs players may see, filtered by phase ("Open", "Coming Soon", "Closed", "All"):
 * the front of the feed (current packs and the last week's graded ones), or with `date` every pack of that day
 * (docs/decisions/020-feed-window.md); a page at a time, soonest close first, with `nextCursor` for the next
 * (docs/decisions/035-feed-in-sql.md).
 */
export const GET = withOptionalSession(async ({ req, session }) => {
  const { view, league, date, limit, cursor } = readQuery(req, ZQuery);
  const phase = VIEWS[view];
  const page = await listPacksPage({
    viewerProfileId: session?.profileId,
    league,
    day: date,
    phases: phase === "all" ? undefined : [phase],
    limit: limit ?? PACKS_API_PAGE,
    cursor,
  });
  return ok({ packs: page.items.map(toApi), nextCursor: page.nextCursor });
});
