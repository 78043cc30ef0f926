import "server-only";
import { z } from "zod";
import type { League } from "@/config";
import { ZEspnTeamFields } from "./game";

// Only the fields we store are declared; zod drops every other key, so ESPN
// adding fields (links, uid, isActive, …) never breaks an import.
const ZEspnLogo = z.object({
  href: z.string().url(),
  rel: z.array(z.string()).default([]),
});

// The id, as everywhere in ESPN's answers, may come as a string or a number (ZEspnId).
const ZEspnTeam = ZEspnTeamFields.extend({
  isAllStar: z.boolean().optional(),
  logos: z.array(ZEspnLogo).default([]),
});

const ZEspnTeamsResponse = z.object({
  sports: z
    .array(
      z.object({
        leagues: z
          .array(
            z.object({
              slug: z.string().optional(),
              teams: z.array(z.object({ team: ZEspnTeam })),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

type EspnTeam = z.infer<typeof ZEspnTeam>;

/** One team as we store it (the `teams` table without ids and timestamps). */
export interface ParsedEspnTeam {
  league: League;
  espnTeamId: string;
  /** Lower-case nickname, unique within the league: `eagles`, `red-sox`. */
  slug: string;
  abbreviation: string;
  /** The nickname: "Eagles", "Red Sox". */
  name: string;
  /** "Philadelphia Eagles". */
  fullName: string;
  location: string | null;
  logoUrl: string | null;
  /** CSS-ready `#rrggbb`, or null when ESPN sends none or something else. */
  color: string | null;
  alternateColor: string | null;
}

/**
 * Reads ESPN's `/teams` response (`sports[0].leagues[0].teams[].team`) for one
 * league. Throws when the payload is not a team list or belongs to another league.
 */
export function parseEspnTeams(json: unknown, league: League): ParsedEspnTeam[] {
  const parsed = ZEspnTeamsResponse.safeParse(json);
  if (!parsed.success) {
    throw new Error(`ESPN ${league} teams response has an unexpected shape: ${z.prettifyError(parsed.error)}`);
  }
  const espnLeague = parsed.data.sports[0]!.leagues[0]!;
  if (espnLeague.slug !== undefined && espnLeague.slug !== league) {
    throw new Error(`Expected ESPN ${league} teams but the response is for "${espnLeague.slug}"`);
  }

  const takenSlugs = new Set<string>();
  return (
    espnLeague.teams
      .map(({ team }) => team)
      // All-star squads are exhibition entries, not franchises anyone follows.
      .filter((team) => team.isAllStar !== true)
      .map((team) => {
        const name = nicknameOf(team);
        const slug = uniqueSlug(slugify(name) || team.abbreviation.toLowerCase(), team, takenSlugs);
        return {
          league,
          espnTeamId: team.id,
          slug,
          abbreviation: team.abbreviation,
          name,
          fullName: team.displayName,
          location: team.location?.trim() || null,
          logoUrl: preferredLogo(team.logos),
          color: cssColor(team.color),
          alternateColor: cssColor(team.alternateColor),
        };
      })
  );
}

/**
 * The nickname is `name` ("Red Sox"). ESPN's `nickname` field is not used:
 * for MLB it holds the city ("Boston").
 */
function nicknameOf(team: EspnTeam): string {
  const candidates = [team.name, team.shortDisplayName];
  const explicit = candidates.map((c) => c?.trim()).find((c) => c);
  if (explicit) return explicit;
  const location = team.location?.trim();
  if (location && team.displayName.startsWith(`${location} `)) {
    return team.displayName.slice(location.length + 1);
  }
  return team.displayName;
}

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Slugs are unique per league (a DB constraint); a clashing nickname gets its abbreviation appended. */
function uniqueSlug(base: string, team: EspnTeam, taken: Set<string>): string {
  const slug = taken.has(base) ? `${base}-${slugify(team.abbreviation)}` : base;
  taken.add(slug);
  return slug;
}

function preferredLogo(logos: Array<{ href: string; rel: string[] }>): string | null {
  return (logos.find((logo) => logo.rel.includes("default")) ?? logos[0])?.href ?? null;
}

function cssColor(hex: string | undefined): string | null {
  const value = hex?.trim().replace(/^#/, "").toLowerCase();
  return value && /^([0-9a-f]{3}|[0-9a-f]{6})$/.test(value) ? `#${value}` : null;
}
