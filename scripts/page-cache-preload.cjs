// Preloaded into the production server after peer-address.cjs (SERVER_NODE_FLAGS
// in server-command.mjs): puts the shared page cache (scripts/page-cache.cjs,
// docs/decisions/025-shared-page-cache.md) in front of Next in this process.
//
// PAGE_CACHE=off turns it off; PAGE_CACHE_FRESH_MS (5000) and
// PAGE_CACHE_STALE_MS (30000) set how long an entry is served as is, and how
// much longer it may be served while its refill runs.
"use strict";

const http = require("node:http");
const { createPageCache } = require("./page-cache.cjs");

/**
 * What may be cached: the public pages and lists a kickoff rush asks for, with
 * the query parameters each reads (any other parameter leaves the request to Next,
 * so made-up query strings cannot crowd the cache). A page
 * whose rendering carries nothing of its viewer says so itself (SharedPage,
 * src/components/shell/shared-page.tsx) and its copy serves signed-in players
 * too; otherwise the copy serves visitors only. The JSON lists below answer a
 * signed-in player with their own progress or rank, so only visitors share them.
 */
const ROUTES = [
  { pattern: /^\/$/, params: ["day", "date", "sort", "team", "show"] },
  { pattern: /^\/packs$/, params: ["league", "today", "sort", "show"] },
  { pattern: /^\/packs\/[^/]+$/, params: ["ref", "prop"] },
  { pattern: /^\/leaderboard$/, params: ["period", "league", "page"] },
  { pattern: /^\/teams\/[^/]+$/, params: [] },
  { pattern: /^\/api\/packs$/, params: ["view", "league", "date"] },
  { pattern: /^\/api\/leaderboard$/, params: ["scope", "key", "period", "page"] },
];

const numberFrom = (value, fallback) => (value !== undefined && value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback);

if (String(process.env.PAGE_CACHE ?? "").toLowerCase() !== "off") {
  const cache = createPageCache({
    routes: ROUTES,
    freshMs: numberFrom(process.env.PAGE_CACHE_FRESH_MS, 5_000),
    staleMs: numberFrom(process.env.PAGE_CACHE_STALE_MS, 30_000),
  });
  // The app purges after an admin change (src/server/http/page-cache.ts); the metrics read the counts.
  globalThis[Symbol.for("takes.pageCache")] = { purge: cache.purge, stats: cache.stats };

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitThroughPageCache(event, request, response, ...rest) {
    if (event === "request" && request && response) {
      const pass = () => emit.call(this, event, request, response, ...rest);
      if (cache.handle(this, request, response, pass)) return true;
      return pass();
    }
    return emit.call(this, event, request, response, ...rest);
  };
}
