import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { genericArtSvg, headshotSvg, leagueBadgeSvg, teamBadgeSvg } from "./art-svg";

/**
 * The picture we draw in place of a remote one that did not load
 * (docs/decisions/045-pictures-drawn-when-offline.md): a team's logo becomes
 * its badge in its colours, a league's logo the league's shield, a player's
 * headshot a silhouette, anything else the product's own tile. Known from the
 * URL and the teams table alone, so it says nothing a page did not show.
 */
const TEAM_LOGO = /^https?:\/\/a\d?\.espncdn\.com\/i\/teamlogos\/(nfl|mlb)\/\d+(?:-dark)?\/(?:scoreboard\/)?([a-z0-9]{1,6})\.png$/i;
const LEAGUE_LOGO = /^https?:\/\/a\d?\.espncdn\.com\/i\/teamlogos\/leagues\/\d+(?:-dark)?\/(nfl|mlb)\.png$/i;
const HEADSHOT = /^https?:\/\/a\d?\.espncdn\.com\/i\/headshots\//i;

export const MAX_PICTURE_URL = 2048;

/** Drawn pictures by URL: the teams table changes a few times a season, a picture is asked for on every page. */
const cache = new Map<string, { svg: string; until: number }>();
const CACHE_ENTRIES = 2000;
const CACHE_MS = 10 * 60_000;

async function draw(src: string): Promise<string> {
  const league = LEAGUE_LOGO.exec(src)?.[1]?.toLowerCase();
  if (league) return leagueBadgeSvg(league);
  if (HEADSHOT.test(src)) return headshotSvg("Player");

  const db = await getReadDb();
  const columns = { abbreviation: teams.abbreviation, name: teams.fullName, color: teams.color, alternateColor: teams.alternateColor, teamType: teams.teamType, league: teams.league };
  const [byUrl] = await db.select(columns).from(teams).where(eq(teams.logoUrl, src)).limit(1);
  if (byUrl) return byUrl.teamType === "league" ? leagueBadgeSvg(byUrl.league) : teamBadgeSvg(byUrl);

  const pattern = TEAM_LOGO.exec(src);
  if (pattern) {
    const [teamLeague, abbreviation] = [pattern[1]!.toLowerCase(), pattern[2]!];
    const [team] = await db
      .select(columns)
      .from(teams)
      .where(and(eq(teams.league, teamLeague), eq(teams.teamType, "team"), sql`lower(${teams.abbreviation}) = ${abbreviation.toLowerCase()}`))
      .limit(1);
    return teamBadgeSvg(team ?? { abbreviation, name: abbreviation.toUpperCase() });
  }
  return genericArtSvg("Picture");
}

/** The SVG drawn for the remote picture at `src` (an http(s) URL of at most MAX_PICTURE_URL characters). */
export async function artForPicture(src: string): Promise<string> {
  const now = Date.now();
  const hit = cache.get(src);
  if (hit && hit.until > now) return hit.svg;
  const svg = await draw(src);
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(src, { svg, until: now + CACHE_MS });
  return svg;
}
