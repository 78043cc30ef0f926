import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { ART_SIZE, COVER_SIZE, coverSvg, genericArtSvg, headshotSvg, leagueBadgeSvg, leagueSubject, teamBadgeSvg } from "./art-svg";
import { renderPng } from "./render-png";

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
const cache = new Map<string, { png: Buffer; until: number }>();
const CACHE_ENTRIES = 500;
const CACHE_MS = 10 * 60_000;

/** How the picture is shown: a badge (a logo beside a name) or a cover (a pack's or contest's square picture). */
export type ArtStyle = "badge" | "cover";

/** The SVG drawn for the remote picture at `src` in `style`. */
export async function drawArt(src: string, style: ArtStyle = "badge"): Promise<string> {
  const league = LEAGUE_LOGO.exec(src)?.[1]?.toLowerCase();
  if (league) return style === "cover" ? coverSvg(leagueSubject(league)) : leagueBadgeSvg(league);
  if (HEADSHOT.test(src)) return headshotSvg("Player");

  const db = await getReadDb();
  const columns = {
    abbreviation: teams.abbreviation,
    name: teams.fullName,
    color: teams.color,
    alternateColor: teams.alternateColor,
    teamType: teams.teamType,
    league: teams.league,
  };
  const [byUrl] = await db.select(columns).from(teams).where(eq(teams.logoUrl, src)).limit(1);
  let team: { abbreviation: string; name: string; color?: string | null; alternateColor?: string | null } | undefined;
  if (byUrl?.teamType === "league") return style === "cover" ? coverSvg(leagueSubject(byUrl.league)) : leagueBadgeSvg(byUrl.league);
  team = byUrl;
  const pattern = TEAM_LOGO.exec(src);
  if (!team && pattern) {
    const [teamLeague, abbreviation] = [pattern[1]!.toLowerCase(), pattern[2]!];
    const [found] = await db
      .select(columns)
      .from(teams)
      .where(
        and(eq(teams.league, teamLeague), eq(teams.teamType, "team"), sql`lower(${teams.abbreviation}) = ${abbreviation.toLowerCase()}`),
      )
      .limit(1);
    team = found ?? { abbreviation, name: abbreviation.toUpperCase() };
  }
  if (team) return style === "cover" ? coverSvg(team) : teamBadgeSvg(team);
  return style === "cover"
    ? coverSvg({ abbreviation: "T", name: "Takes", color: "#0b1426", alternateColor: "#1d4ed8" })
    : genericArtSvg("Picture");
}

/** The PNG already drawn for `src` in `style`, if it is still kept: serving it costs nothing. */
export function cachedArtPng(src: string, style: ArtStyle = "badge"): Buffer | undefined {
  const hit = cache.get(`${style} ${src}`);
  return hit && hit.until > Date.now() ? hit.png : undefined;
}

/**
 * Rendered PNGs by drawing: many addresses draw the same picture (a team's logo in ESPN's sizes
 * and variants; every unknown picture is the same tile), and rendering is the expensive part.
 */
const byDrawing = new Map<string, Buffer>();
const DRAWINGS = 300;

/**
 * The PNG drawn for the remote picture at `src` (an http(s) URL of at most MAX_PICTURE_URL
 * characters), in `style`, sharp on a phone's screen.
 */
export async function artPng(src: string, style: ArtStyle = "badge"): Promise<Buffer> {
  const kept = cachedArtPng(src, style);
  if (kept) return kept;
  const key = `${style} ${src}`;
  const svg = await drawArt(src, style);
  let png = byDrawing.get(svg);
  if (!png) {
    // Badges at twice their size; covers, shown up to 380 px wide, at 1.5× (480 px: about half the
    // bytes of 640 px, which a slow phone network pays for before the page's largest picture shows).
    png = renderPng(svg, style === "cover" ? 1.5 * COVER_SIZE : 2 * ART_SIZE);
    if (byDrawing.size >= DRAWINGS) byDrawing.delete(byDrawing.keys().next().value!);
    byDrawing.set(svg, png);
  }
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { png, until: Date.now() + CACHE_MS });
  return png;
}
