// GET /api/leaderboard?scope=all|league|pack|contest|team&key=…&period=all|today|week|season&page=1
// A page of 50 leaderboard rows (handles only, never phones) plus the viewer's own row.
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { VLeaderboardAnswer } from "@/domain/schemas/play";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { resolveLeaderboardScope } from "@/server/leaderboards/resolve-leaderboard-scope";
import { ZLeaderboardQuery } from "@/domain/schemas/player-requests";
import { AppError } from "@/server/http/app-error";
import { getMembersGate } from "@/server/members/get-members-gate";
import { MEMBERS_ACCESS_COOKIE } from "@/server/members/members-access-token";
import { CONTESTS_PASSWORD_ID } from "@/server/members/read-page-members-gate";

export const dynamic = "force-dynamic";

export const GET = withOptionalSession(async ({ req, session }) => {
  const query = readQuery(req, ZLeaderboardQuery);
  if (query.scope === "contest") {
    // Contests are for members (docs/decisions/090-members-gate.md): their boards open only behind the same gate as their pages.
    const gate = await getMembersGate({ passwordId: CONTESTS_PASSWORD_ID, accessCookie: req.cookies.get(MEMBERS_ACCESS_COOKIE)?.value });
    if (!gate.hasAccess) throw new AppError("FORBIDDEN", "Contests are for members: enter the members password first.");
  }
  const scope = await resolveLeaderboardScope({ scope: query.scope, key: query.key, period: query.period });
  const page = await getLeaderboardPage({ scope, page: query.page, viewerProfileId: session?.profileId });
  return okThrough(VLeaderboardAnswer, { period: query.period, ...page });
});
