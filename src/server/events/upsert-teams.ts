import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { League } from "@/config";
import { slugify } from "@/domain/authoring";
import type { DbOrTx } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import type { ParsedEspnTeam } from "@/server/integrations/espn/parse-teams";

/** A team as ESPN describes it (src/server/integrations/espn/parse-teams.ts), its slug only a wish. */
export type TeamInput = Omit<ParsedEspnTeam, "slug"> & {
  /** Preferred slug for a new team; an existing team keeps its slug (links to /teams/{slug} must survive). */
  slug?: string;
};

export interface UpsertTeamsResult {
  /** ESPN team id → our team id, for every input. */
  idsByEspnId: Map<string, string>;
  created: number;
  updated: number;
}

/**
 * Upserts teams by (league, ESPN team id). New teams get the lower-case
 * nickname as slug, with the abbreviation appended when the league already
 * uses it; unchanged rows are not written (re-importing changes nothing).
 */
export async function upsertTeams(tx: DbOrTx, league: League, inputs: TeamInput[]): Promise<UpsertTeamsResult> {
  const idsByEspnId = new Map<string, string>();
  if (inputs.length === 0) return { idsByEspnId, created: 0, updated: 0 };
  const unique = [...new Map(inputs.map((team) => [team.espnTeamId, team])).values()];
  const existing = await tx
    .select({ id: teams.id, espnTeamId: teams.espnTeamId, slug: teams.slug })
    .from(teams)
    .where(eq(teams.league, league));
  const existingByEspnId = new Map(existing.map((row) => [row.espnTeamId, row]));
  const takenSlugs = new Set(existing.map((row) => row.slug));

  const rows = unique.map((team) => {
    const known = existingByEspnId.get(team.espnTeamId);
    let slug = known?.slug;
    if (!slug) {
      const base = team.slug || slugify(team.name) || slugify(team.abbreviation) || `team-${team.espnTeamId}`;
      slug = takenSlugs.has(base) ? `${base}-${slugify(team.abbreviation) || team.espnTeamId}` : base;
      takenSlugs.add(slug);
    }
    return {
      league,
      espnTeamId: team.espnTeamId,
      slug,
      abbreviation: team.abbreviation,
      name: team.name,
      fullName: team.fullName,
      location: team.location,
      logoUrl: team.logoUrl,
      color: team.color,
      alternateColor: team.alternateColor,
    };
  });

  const written = await tx
    .insert(teams)
    .values(rows)
    .onConflictDoUpdate({
      target: [teams.league, teams.espnTeamId],
      set: {
        abbreviation: sql`excluded.abbreviation`,
        name: sql`excluded.name`,
        fullName: sql`excluded.full_name`,
        location: sql`coalesce(excluded.location, ${teams.location})`,
        logoUrl: sql`coalesce(excluded.logo_url, ${teams.logoUrl})`,
        color: sql`coalesce(excluded.color, ${teams.color})`,
        alternateColor: sql`coalesce(excluded.alternate_color, ${teams.alternateColor})`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${teams.abbreviation}, ${teams.name}, ${teams.fullName}, ${teams.location}, ${teams.logoUrl}, ${teams.color}, ${teams.alternateColor})
        is distinct from (excluded.abbreviation, excluded.name, excluded.full_name,
          coalesce(excluded.location, ${teams.location}), coalesce(excluded.logo_url, ${teams.logoUrl}),
          coalesce(excluded.color, ${teams.color}), coalesce(excluded.alternate_color, ${teams.alternateColor}))`,
    })
    .returning({ espnTeamId: teams.espnTeamId });
  const writtenIds = new Set(written.map((row) => row.espnTeamId));

  const all = await tx
    .select({ id: teams.id, espnTeamId: teams.espnTeamId })
    .from(teams)
    .where(
      and(
        eq(teams.league, league),
        inArray(
          teams.espnTeamId,
          unique.map((t) => t.espnTeamId),
        ),
      ),
    );
  for (const row of all) idsByEspnId.set(row.espnTeamId, row.id);
  const created = unique.filter((t) => !existingByEspnId.has(t.espnTeamId)).length;
  const updated = unique.filter((t) => existingByEspnId.has(t.espnTeamId) && writtenIds.has(t.espnTeamId)).length;
  return { idsByEspnId, created, updated };
}
