import "server-only";
import type { DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { LEAGUES } from "@/server/db/schema";
import { getSeriesOrThrow } from "@/server/follows/follow-series";
import { getTeamBySlugOrThrow } from "@/server/follows/follow-team";
import { findTeamById } from "@/server/teams/find-team-by-id";

export interface ScopeRequest {
  league?: string;
  teamId?: string;
  teamSlug?: string;
  seriesId?: string;
  seriesSlug?: string;
}
export interface SubscriptionScope {
  scopeKey: string;
  league: string | null;
  teamId: string | null;
  seriesId: string | null;
}

/** One scope per subscription: `league:nfl`, `team:{uuid}` or `series:{uuid}` (docs/PRODUCT.md §15). */
export async function resolveSubscriptionScope(db: DbOrTx, request: ScopeRequest): Promise<SubscriptionScope> {
  const given = [request.league, request.teamId || request.teamSlug, request.seriesId || request.seriesSlug].filter(Boolean);
  if (given.length !== 1) throw new AppError("BAD_REQUEST", "Choose one league, team or series.");
  if (request.league) {
    const league = request.league.toLowerCase();
    if (!(LEAGUES as readonly string[]).includes(league)) throw new AppError("BAD_REQUEST", "Unsupported league");
    return { scopeKey: `league:${league}`, league, teamId: null, seriesId: null };
  }
  if (request.teamId || request.teamSlug) {
    const team = request.teamId ? await findTeamById(db, request.teamId) : await getTeamBySlugOrThrow(db, request.teamSlug!);
    if (!team) throw new AppError("NOT_FOUND", "Team not found.");
    return { scopeKey: `team:${team.id}`, league: null, teamId: team.id, seriesId: null };
  }
  const target = await getSeriesOrThrow(db, { seriesId: request.seriesId, seriesSlug: request.seriesSlug });
  return { scopeKey: `series:${target.id}`, league: null, teamId: null, seriesId: target.id };
}
