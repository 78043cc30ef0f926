import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { PACK_VIEWS, ZPacksQuery } from "@/domain/schemas/player-requests";
import { VPacksPage } from "@/domain/schemas/play";
import type { PackSummary } from "@/domain/views";
import { listPacksPage } from "@/server/packs/list-packs";

/** Packs per answer unless asked (`limit`, at most 200: ZPacksQuery); `nextCursor` leads to the rest. */
const PACKS_API_PAGE = 100;

export const dynamic = "force-dynamic";

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
  const { view, league, date, limit, cursor } = readQuery(req, ZPacksQuery);
  const phase = PACK_VIEWS[view];
  const page = await listPacksPage({
    viewerProfileId: session?.profileId,
    league,
    day: date,
    phases: phase === "all" ? undefined : [phase],
    limit: limit ?? PACKS_API_PAGE,
    cursor,
  });
  return okThrough(VPacksPage, { packs: page.items.map(toApi), nextCursor: page.nextCursor });
});
