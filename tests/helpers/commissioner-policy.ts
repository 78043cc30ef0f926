import type { Method } from "./routes";

/**
 * What a commissioner may use of the admin area: the one table that states the policy
 * (docs/decisions/064-commissioner-role.md). Building, opening and grading packs: events and
 * teams from ESPN, packs, props, slates, contests and series, grading, winners, AI previews.
 * Not: balances and the ledger, award codes and promo links, marketplace items and codes, the
 * members password, players (search, suspension, roles), the API tester, the audit log.
 *
 * The code says the same per route (`withAdmin(handler, { allow: "commissioner" })`) and per
 * page (`requireAdminPage(path, { allow: "commissioner" })`); tests/api/authorization-sweep.test.ts
 * calls every admin route as a commissioner against this table, and tests/e2e/commissioner-role.spec.ts
 * opens every admin page as one. A route or page not listed here must refuse a commissioner (403).
 */
const ALL: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export const COMMISSIONER_ROUTES: Record<string, Method[]> = {
  "/api/admin/aiConfig": ["GET"],
  "/api/admin/autoGrade": ALL,
  "/api/admin/bulk/close": ALL,
  "/api/admin/contests": ALL,
  "/api/admin/contests/[contestID]": ALL,
  "/api/admin/contests/pack-search": ALL,
  "/api/admin/eventLeagues": ALL,
  "/api/admin/events": ALL,
  "/api/admin/events/[eventId]": ALL,
  "/api/admin/events/[eventId]/cover": ALL,
  "/api/admin/events/[eventId]/odds": ALL,
  "/api/admin/eventsByDate": ALL,
  // Picks and standings, not the ledger (diamonds are the super admin's).
  "/api/admin/exports/picks": ALL,
  "/api/admin/exports/standings": ALL,
  "/api/admin/fetchMlbEvents": ALL,
  "/api/admin/fetchNflEvents": ALL,
  "/api/admin/fetchTeams": ALL,
  "/api/admin/gameScores": ALL,
  "/api/admin/gameScores/preview": ALL,
  "/api/admin/generatePropSummary": ALL,
  "/api/admin/gradePacks": ALL,
  "/api/admin/gradeProps": ALL,
  "/api/admin/gradeProps/preview": ALL,
  "/api/admin/gradedPacks": ALL,
  "/api/admin/gradingQueue": ALL,
  "/api/admin/gradingQueue/accept": ALL,
  "/api/admin/gradingQueue/preview": ALL,
  // Hiding an abusive group, audited (docs/decisions/066-groups.md): league upkeep, not money.
  "/api/admin/groups": ALL,
  "/api/admin/groups/[groupId]/hide": ALL,
  "/api/admin/packs": ALL,
  "/api/admin/packs/[packId]": ALL,
  "/api/admin/packs/[packId]/featured": ALL,
  "/api/admin/packs/[packId]/odds": ALL,
  "/api/admin/packs/[packId]/openText": ALL,
  "/api/admin/packs/[packId]/props": ALL,
  "/api/admin/packs/[packId]/resultsTexts": ALL,
  "/api/admin/packs/[packId]/status": ALL,
  // Athletes (ESPN rosters) for player props, not the app's players (/api/admin/profiles).
  "/api/admin/players": ALL,
  "/api/admin/props": ALL,
  "/api/admin/props/[propId]": ALL,
  "/api/admin/props/[propId]/odds": ALL,
  "/api/admin/props/[propId]/status": ALL,
  "/api/admin/props/super": ALL,
  "/api/admin/props/super/openText": ALL,
  "/api/admin/series": ALL,
  "/api/admin/series/[seriesID]": ALL,
  "/api/admin/setPackWinners": ALL,
  "/api/admin/slate": ALL,
  "/api/admin/standings/tieBreak": ALL,
  "/api/admin/teams": ALL,
  "/api/admin/teams/[teamId]": ALL,
};

/** The admin pages (src/app/admin/**\/page.tsx, as route patterns) a commissioner may open; every other one answers 403. */
export const COMMISSIONER_PAGES: string[] = [
  "/admin",
  "/admin/athletes",
  "/admin/contests",
  "/admin/contests/[contestID]",
  "/admin/contests/new",
  "/admin/events",
  "/admin/grade/[packURL]",
  "/admin/gradeProps",
  "/admin/grading",
  "/admin/groups",
  "/admin/packs",
  "/admin/packs/[packId]",
  "/admin/packs/new",
  "/admin/props",
  "/admin/props/[propId]",
  "/admin/series",
  "/admin/standings",
  "/admin/series/[seriesID]",
  "/admin/series/new",
  "/admin/teams",
];

/** Whether a commissioner may call this route with this method. */
export const commissionerMayCall = (pattern: string, method: Method) => COMMISSIONER_ROUTES[pattern]?.includes(method) === true;
