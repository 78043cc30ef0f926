// The request context (docs/decisions/029-request-context-and-metrics.md): each request gets an
// id, sent back as X-Request-Id and attached to every log line written while it is served
// (src/server/ops/log.ts reads it through the bridge's AsyncLocalStorage), and its method, route
// and status are counted with their latency for Prometheus (/api/metrics). The first step of the
// front door (src/front-door/server.ts), so cached pages, the submission lane and the front door's
// own refusals are counted too.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const MAX_CACHED_PATHS = 5000;

/** The part of Next's routes-manifest.json read here (the Next-upgrade canary checks it is still there). */
export interface RoutesManifest {
  staticRoutes?: Array<{ page: string; regex: string }>;
  dynamicRoutes?: Array<{ page: string; regex: string }>;
}

export function readRoutesManifest(distDir: string): RoutesManifest {
  try {
    return JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as RoutesManifest;
  } catch {
    return {};
  }
}

/**
 * Maps a request path to the app route that serves it ("/packs/[packURL]"), so metrics are
 * labelled by route and a flood of made-up paths adds one label ("other"), not one per path.
 */
export function routeLabeler(manifest: RoutesManifest): (url: string) => string {
  const routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].flatMap((route) => {
    try {
      return [{ page: route.page, regex: new RegExp(route.regex) }];
    } catch {
      return [];
    }
  });
  const cache = new Map<string, string>();
  return (url) => {
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (pathname.startsWith("/_next/")) return "/_next";
    const hit = cache.get(pathname);
    if (hit) return hit;
    const label = routes.find((route) => route.regex.test(pathname))?.page ?? "other";
    if (cache.size >= MAX_CACHED_PATHS) cache.delete(cache.keys().next().value!);
    cache.set(pathname, label);
    return label;
  };
}

export interface RequestHistogram {
  observe(labels: { method: string; route: string; status: string }, seconds: number): void;
}

/** `run(request, response, next)` runs `next()` (the rest of the front door) inside the request's context. */
export function createRequestContext(options: { labelRoute: (url: string) => string; histogram?: RequestHistogram }) {
  const storage = new AsyncLocalStorage<{ requestId: string }>();
  return {
    storage,
    run<T>(request: IncomingMessage, response: ServerResponse, next: () => T): T {
      const requestId = randomUUID();
      response.setHeader("X-Request-Id", requestId);
      const started = process.hrtime.bigint();
      response.once("finish", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        options.histogram?.observe(
          { method: request.method ?? "GET", route: options.labelRoute(request.url ?? "/"), status: String(response.statusCode) },
          seconds,
        );
      });
      return storage.run({ requestId }, next);
    },
  };
}
