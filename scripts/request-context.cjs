// The request context of the production server (docs/decisions/029-request-context-and-metrics.md):
// each request gets an id, sent back as X-Request-Id and attached to every log line written while
// the request is served (src/server/ops/log.ts reads it through AsyncLocalStorage), and its method,
// route and status are counted with their latency for Prometheus (/api/metrics). Installed by
// scripts/request-context-preload.cjs as the outermost hook, so cached pages and the route lane
// are counted too.
"use strict";

const { AsyncLocalStorage } = require("node:async_hooks");
const { randomUUID } = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

const MAX_CACHED_PATHS = 5000;

/**
 * Maps a request path to the app route that serves it ("/packs/[packURL]"), from the build's
 * routes manifest, so metrics are labelled by route and a flood of made-up paths adds one label
 * ("other"), not one per path.
 */
function routeLabeler(manifest) {
  const routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].flatMap((route) => {
    try {
      return [{ page: route.page, regex: new RegExp(route.regex) }];
    } catch {
      return [];
    }
  });
  const cache = new Map();
  return (url) => {
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (pathname.startsWith("/_next/")) return "/_next";
    const hit = cache.get(pathname);
    if (hit) return hit;
    const label = routes.find((route) => route.regex.test(pathname))?.page ?? "other";
    if (cache.size >= MAX_CACHED_PATHS) cache.delete(cache.keys().next().value);
    cache.set(pathname, label);
    return label;
  };
}

function readManifest(distDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8"));
  } catch {
    return {};
  }
}

/**
 * The hook: `handle(request, response, next)` runs `next()` (the rest of the server) inside the
 * request's context. `histogram` is a prom-client Histogram with labels method, route, status.
 */
function createRequestContext({ labelRoute, histogram }) {
  const storage = new AsyncLocalStorage();
  return {
    storage,
    handle(request, response, next) {
      const requestId = randomUUID();
      response.setHeader("X-Request-Id", requestId);
      const started = process.hrtime.bigint();
      response.once("finish", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        histogram?.observe({ method: request.method ?? "GET", route: labelRoute(request.url ?? "/"), status: String(response.statusCode) }, seconds);
      });
      return storage.run({ requestId }, next);
    },
  };
}

module.exports = { createRequestContext, readManifest, routeLabeler };
