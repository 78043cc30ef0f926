// GET /api/standings/winners?league=nfl&season=2026 (or contest=slug): the weekly winner history
// (docs/decisions/062-league-standings.md).
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { ZStandingsWinnersAnswer, ZStandingsWinnersQuery } from "@/domain/schemas/standings";
import { getWeeklyWinnersView } from "@/server/standings/get-standings-view";
import { requireContestsGate } from "@/server/standings/contests-gate";

export const dynamic = "force-dynamic";

export const GET = withOptionalSession(async ({ req }) => {
  const query = readQuery(req, ZStandingsWinnersQuery);
  if (query.contest) await requireContestsGate(req);
  return okThrough(ZStandingsWinnersAnswer, await getWeeklyWinnersView(query));
});
