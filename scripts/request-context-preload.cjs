// Preloaded into the production server last (SERVER_NODE_FLAGS in server-command.mjs), so its
// hook is the outermost: every request, cached page and route lane included, gets an id and is
// counted (scripts/request-context.cjs, docs/decisions/029-request-context-and-metrics.md). The
// metrics registry and the context are published on globalThis for the app
// (src/server/ops/metrics.ts, src/server/ops/log.ts).
"use strict";

const http = require("node:http");
const path = require("node:path");
const { Histogram, Registry, collectDefaultMetrics } = require("prom-client");
const { createRequestContext, readManifest, routeLabeler } = require("./request-context.cjs");

const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "takes_" });
const histogram = new Histogram({
  name: "takes_http_request_duration_seconds",
  help: "HTTP requests by method, app route and status, with their latency",
  labelNames: ["method", "route", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const distDir = path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || ".next");
const context = createRequestContext({ labelRoute: routeLabeler(readManifest(distDir)), histogram });
globalThis[Symbol.for("takes.metricsRegistry")] = registry;
globalThis[Symbol.for("takes.requestContext")] = context.storage;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitInRequestContext(event, request, response, ...rest) {
  if (event === "request" && request && response) {
    return context.handle(request, response, () => emit.call(this, event, request, response, ...rest));
  }
  return emit.call(this, event, request, response, ...rest);
};
