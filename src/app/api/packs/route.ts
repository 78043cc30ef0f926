import { z } from "zod";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { parseDayParam } from "@/domain/time";
import type { PackSummary } from "@/domain/views";
import { listPacks } from "@/server/packs/list-packs";

export const dynamic = "force-dynamic";

const VIEWS = { open: "open", "coming soon": "coming-soon", closed: "closed", all: "all" } as const;
const ZQuery = z.object({
  view: z
    .string()
    .optional()
    .transform((v) => (v ?? "all").toLowerCase().replace(/[-_]/g, " "))
    .pipe(z.enum(Object.keys(VIEWS) as [keyof typeof VIEWS], { message: "Unknown view" })),
  league: z.enum(["nfl", "mlb"], { message: "Unsupported league" }).optional(),
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
 * (docs/decisions/020-feed-window.md).
 */
export const GET = withOptionalSession(async ({ req, session }) => {
  const { view, league, date } = readQuery(req, ZQuery);
  const all = await listPacks({ viewerProfileId: session?.profileId, league, day: date });
  const phase = VIEWS[view];
  const packs = phase === "all" ? all : all.filter((p) => p.phase === phase);
  return ok({ packs: packs.map(toApi) });
});
