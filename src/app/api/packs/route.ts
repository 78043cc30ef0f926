import { z } from "zod";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { listPacks, type PackSummary } from "@/server/packs/list-packs";

export const dynamic = "force-dynamic";

const VIEWS = { open: "open", "coming soon": "coming-soon", closed: "closed", all: "all" } as const;
const ZQuery = z.object({
  view: z
    .string()
    .optional()
    .transform((v) => (v ?? "all").toLowerCase().replace(/[-_]/g, " "))
    .pipe(z.enum(Object.keys(VIEWS) as [keyof typeof VIEWS], { message: "Unknown view" })),
  league: z.enum(["nfl", "mlb"], { message: "Unsupported league" }).optional(),
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

/** GET /api/packs?view=Open – packs players may see, filtered by phase ("Open", "Coming Soon", "Closed", "All"). */
export const GET = withOptionalSession(async ({ req, session }) => {
  const { view, league } = readQuery(req, ZQuery);
  const all = await listPacks({ viewerProfileId: session?.profileId, league });
  const phase = VIEWS[view];
  const packs = phase === "all" ? all : all.filter((p) => p.phase === phase);
  return ok({ packs: packs.map(toApi) });
});
