// OpenTelemetry's Node SDK with its HTTP instrumentation, preloaded into the production server by
// bench/front-door/run.mjs (`node --require`) to measure what the field's standard tracing and
// metrics cost per request beside our own request context (src/front-door/request-context.ts,
// docs/decisions/029-request-context-and-metrics.md): a span for every request the server answers
// and every request it makes (the page cache's fills), the context carried through
// AsyncLocalStorage, Next's own spans (Next traces through @opentelemetry/api once a provider is
// registered), the http.server.duration histogram, read by the Prometheus exporter on its own
// port, and spans batched to an exporter that drops them (an operator would ship them somewhere;
// that part is the collector's cost, not the server's).
//
// Packages: @opentelemetry/sdk-node, @opentelemetry/instrumentation-http,
// @opentelemetry/exporter-prometheus (0.223.x, the last line that runs on Node 20) and
// @opentelemetry/api 1.9. BENCH_OTEL_MODULES names a node_modules folder holding them when the
// project does not; run.mjs checks they resolve before it starts a server with this file.
"use strict";

const path = require("node:path");
const { createRequire } = require("node:module");

const load = process.env.BENCH_OTEL_MODULES
  ? createRequire(path.join(path.resolve(process.env.BENCH_OTEL_MODULES), "..", "index.js"))
  : require;
const { NodeSDK, tracing } = load("@opentelemetry/sdk-node");
const { HttpInstrumentation } = load("@opentelemetry/instrumentation-http");
const { PrometheusExporter } = load("@opentelemetry/exporter-prometheus");

/** Takes every batch and keeps nothing. */
const dropSpans = {
  export(_spans, done) {
    done({ code: 0 });
  },
  shutdown() {
    return Promise.resolve();
  },
};

const sdk = new NodeSDK({
  serviceName: "takes-bench",
  spanProcessors: [new tracing.BatchSpanProcessor(dropSpans)],
  metricReader: new PrometheusExporter({ host: "127.0.0.1", port: Number(process.env.BENCH_OTEL_PROMETHEUS_PORT || 9464) }),
  instrumentations: [new HttpInstrumentation()],
});
sdk.start();
