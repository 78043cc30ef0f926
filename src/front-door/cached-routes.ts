import type { CachedRoute } from "./page-cache";

/**
 * What the shared page cache may keep (docs/decisions/025-shared-page-cache.md): the public pages
 * and lists a kickoff rush asks for, with the query parameters each reads (any other parameter
 * leaves the request to Next, so made-up query strings cannot crowd the cache). A page whose
 * rendering carries nothing of its viewer says so itself (SharedPage,
 * src/components/shell/shared-page.tsx) and its copy serves signed-in players too; otherwise the
 * copy serves visitors only. The JSON lists answer a signed-in player with their own progress or
 * rank, so only visitors share them.
 */
export const CACHED_ROUTES: CachedRoute[] = [
  // The dashboard leads with the pitch until the browser has played (docs/decisions/058-the-game-explains-itself.md).
  { pattern: /^\/$/, params: ["day", "date", "sort", "team", "show"], played: true },
  { pattern: /^\/packs$/, params: ["league", "today", "sort", "show"] },
  { pattern: /^\/packs\/[^/]+$/, params: ["ref", "prop"] },
  { pattern: /^\/leaderboard$/, params: ["period", "league", "page"] },
  { pattern: /^\/teams\/[^/]+$/, params: [] },
  // The reading pages (docs/decisions/058-the-game-explains-itself.md): the same for everyone.
  { pattern: /^\/(?:how-it-works|rules|terms|privacy|faq)$/, params: [] },
  { pattern: /^\/api\/packs$/, params: ["view", "league", "date"] },
  { pattern: /^\/api\/leaderboard$/, params: ["scope", "key", "period", "page"] },
];
