import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { LEAGUES, teams } from "@/server/db/schema";

// Team slugs are unique per league only (NFL `giants`, MLB `giants`). Public
// links use one "route slug" per team: the plain slug, unless a team of an
// earlier league in LEAGUES order (nfl, then mlb) already has that slug, in
// which case `{league}-{slug}` (`/teams/giants` is the NFL team,
// `/teams/mlb-giants` the MLB one). Every `teamSlug` input accepts both forms.

type League = (typeof LEAGUES)[number];
export interface SluggedTeam {
  league: string;
  slug: string;
}

const leagueRank = (league: string) => {
  const index = LEAGUES.indexOf(league as League);
  return index === -1 ? LEAGUES.length : index;
};

/** The route slug of `team`, given every team (of any league) that shares its slug. */
export function routeSlugAmong(team: SluggedTeam, sameSlug: readonly SluggedTeam[]): string {
  const outranked = sameSlug.some((other) => other.league !== team.league && leagueRank(other.league) < leagueRank(team.league));
  return outranked ? `${team.league}-${team.slug}` : team.slug;
}

/** Route slugs for many teams at once (one query for the slugs they share). */
export async function routeSlugsFor<T extends SluggedTeam>(db: DbOrTx, list: readonly T[]): Promise<Map<T, string>> {
  const slugs = [...new Set(list.map((team) => team.slug))];
  const peers =
    slugs.length === 0
      ? []
      : await db
          .select({ league: teams.league, slug: teams.slug })
          .from(teams)
          .where(and(inArray(teams.slug, slugs), eq(teams.teamType, "team")));
  return new Map(
    list.map((team) => [
      team,
      routeSlugAmong(
        team,
        peers.filter((peer) => peer.slug === team.slug),
      ),
    ]),
  );
}

export async function routeSlugOf(db: DbOrTx, team: SluggedTeam): Promise<string> {
  return (await routeSlugsFor(db, [team])).get(team)!;
}

/** `mlb-giants` → {league:'mlb', slug:'giants'}; `giants` → {slug:'giants'}. */
export function parseTeamRouteSlug(value: string): { league?: League; slug: string } {
  const lower = value.trim().toLowerCase();
  for (const league of LEAGUES) {
    if (lower.startsWith(`${league}-`) && lower.length > league.length + 1) return { league, slug: lower.slice(league.length + 1) };
  }
  return { slug: lower };
}

/** The team a route slug (or plain slug) names, or null; a plain slug shared by leagues means the earliest league's team. */
export async function findTeamBySlug(db: DbOrTx, value: string) {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return null;
  const parsed = parseTeamRouteSlug(wanted);
  const candidates = await db
    .select()
    .from(teams)
    .where(and(eq(teams.teamType, "team"), inArray(teams.slug, [parsed.slug, wanted])));
  const exact = parsed.league && candidates.find((team) => team.league === parsed.league && team.slug === parsed.slug);
  if (exact) return exact;
  // A real slug that merely looks prefixed still resolves to itself.
  const plain = candidates.filter((team) => team.slug === wanted);
  return plain.sort((a, b) => leagueRank(a.league) - leagueRank(b.league))[0] ?? null;
}
