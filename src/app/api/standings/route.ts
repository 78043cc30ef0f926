// GET /api/standings?league=nfl&season=2026&week=2026-09-10&after=0&limit=50 (or contest=slug):
// league or contest standings with the commissioner's tie-break order (docs/decisions/062-league-standings.md).
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { ZStandingsAnswer, ZStandingsQuery } from "@/domain/schemas/standings";
import { getStandingsView } from "@/server/standings/get-standings-view";
import { requireContestsGate } from "@/server/standings/contests-gate";

export const dynamic = "force-dynamic";

export const GET = withOptionalSession(async ({ req, session }) => {
  const query = readQuery(req, ZStandingsQuery);
  if (query.contest) await requireContestsGate(req);
  return okThrough(ZStandingsAnswer, await getStandingsView({ ...query, viewerProfileId: session?.profileId }));
});
