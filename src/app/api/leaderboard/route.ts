// GET /api/leaderboard?scope=all|league|pack|contest|team&key=…&period=all|today|week|season&page=1
// A page of 50 leaderboard rows (handles only, never phones) plus the viewer's own row.
import { z } from "zod";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { resolveLeaderboardScope } from "@/server/leaderboards/resolve-leaderboard-scope";
import { LEADERBOARD_PERIODS } from "@/domain/leaderboard-scope";
import { AppError } from "@/server/http/app-error";
import { getMembersGate } from "@/server/members/get-members-gate";
import { MEMBERS_ACCESS_COOKIE } from "@/server/members/members-access-token";
import { CONTESTS_PASSWORD_ID } from "@/server/members/read-page-members-gate";

export const dynamic = "force-dynamic";

const ZLeaderboardQuery = z.object({
  scope: z.enum(["all", "league", "pack", "contest", "team"]).default("all"),
  /** packURL, contest id or slug, team id or `league:slug`. */
  key: z.string().regex(/^[A-Za-z0-9:_-]{1,100}$/, "Unknown leaderboard.").optional(),
  period: z.enum(LEADERBOARD_PERIODS).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const GET = withOptionalSession(async ({ req, session }) => {
  const query = readQuery(req, ZLeaderboardQuery);
  if (query.scope === "contest") {
    // Contests are for members (docs/decisions/090-members-gate.md): their boards open only behind the same gate as their pages.
    const gate = await getMembersGate({ passwordId: CONTESTS_PASSWORD_ID, accessCookie: req.cookies.get(MEMBERS_ACCESS_COOKIE)?.value });
    if (!gate.hasAccess) throw new AppError("FORBIDDEN", "Contests are for members: enter the members password first.");
  }
  const scope = await resolveLeaderboardScope({ scope: query.scope, key: query.key, period: query.period });
  const page = await getLeaderboardPage({ scope, page: query.page, viewerProfileId: session?.profileId });
  return ok({ period: query.period, ...page });
});
