// The production server: Next's app behind the front door, in one process
// (docs/decisions/052-one-owned-server.md). `npm start`, `npm run serve`, the browser tests and the
// benchmarks all start it (scripts/server-command.mjs). scripts/build.mjs compiles this file into
// the build (`<distDir>/front-door/server.cjs`); scripts/front-door.cjs runs that copy.
//
// Every request goes through the same steps, in this order (createFrontDoor below):
//   1. request context: an id and the request metrics (request-context.ts, decision 029);
//   2. the request edge: a path that does not decode is refused, private headers are replaced
//      and the peer's address is written (request-edge.ts, decisions 002 and 017);
//   3. the shared page cache for public pages (page-cache.ts, decision 025);
//   4. the route lanes for pack submissions and the session answer (route-lanes.ts, decision 026);
//   5. Next, through its documented custom-server API (`next()`, `getRequestHandler()`).
// SIGTERM and SIGINT stop it in order (close-with-grace, decision 031): no new connections, the
// requests in flight finish (their answers say `Connection: close`), the app stops its worker and
// closes its database pool, then the process exits.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import closeWithGrace from "close-with-grace";
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { frontDoor, openFrontDoor, type FrontDoorBridge } from "./bridge";
import { isBot } from "./bots";
import { CACHED_ROUTES } from "./cached-routes";
import { createPageCache, type PageCache } from "./page-cache";
import { createRequestContext, readRoutesManifest, routeLabeler } from "./request-context";
import { hasReadablePath, refuse, writePrivateHeaders } from "./request-edge";
import { frontDoorEnv } from "../env";
import { serveRouteLane } from "./route-lanes";

type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface FrontDoorSettings {
  /** The project folder Next serves (the build is its NEXT_DIST_DIR or `.next`). */
  dir: string;
  port: number;
  /** Where to listen; undefined listens on every interface, as `next start` does. */
  hostname: string | undefined;
  /** PAGE_CACHE=off leaves every page to Next. */
  pageCache: { freshMs: number; staleMs: number; maxBytes: number; siteHost: string } | null;
  /** ROUTE_LANES=off sends submissions through Next's router. */
  routeLanes: boolean;
  /** How long a stop waits for requests in flight and the app's own shutdown (SHUTDOWN_GRACE_MS). */
  graceMs: number;
}

/** The settings from `-p/--port`, `-H/--hostname` and `--dir` (as `next start` takes them) and the environment (src/env.ts, frontDoorEnv). */
export function readSettings(argv: string[], env: Record<string, string | undefined>): FrontDoorSettings {
  const flag = (...names: string[]) => {
    for (let i = 0; i < argv.length; i++) {
      const [name, inline] = argv[i]!.split("=", 2);
      if (names.includes(name!)) return inline ?? argv[i + 1];
    }
    return undefined;
  };
  const read = frontDoorEnv(env);
  let siteHost = "localhost:3000";
  try {
    siteHost = new URL(read.NEXTAUTH_URL ?? "http://localhost:3000").host;
  } catch {
    // src/env.ts refuses to start on an invalid NEXTAUTH_URL; nothing is cached meanwhile.
  }
  const portFlag = flag("-p", "--port");
  return {
    dir: path.resolve(flag("--dir") ?? process.cwd()),
    port: portFlag !== undefined && Number.isInteger(Number(portFlag)) && Number(portFlag) > 0 ? Number(portFlag) : read.PORT,
    hostname: flag("-H", "--hostname") ?? read.HOSTNAME,
    pageCache: read.PAGE_CACHE
      ? {
          freshMs: read.PAGE_CACHE_FRESH_MS,
          staleMs: read.PAGE_CACHE_STALE_MS,
          maxBytes: read.PAGE_CACHE_MAX_MB * 1024 * 1024,
          siteHost,
        }
      : null,
    routeLanes: read.ROUTE_LANES,
    graceMs: read.SHUTDOWN_GRACE_MS,
  };
}

/** The front door's own log lines, in the app's JSON line form (src/server/ops/log.ts). */
const line = (level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) =>
  (level === "info" ? console.log : console.error)(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));

/** The metrics registry every request is counted in, with the process's default metrics. */
function metricsRegistry(distDir: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "takes_" });
  const histogram = new Histogram({
    name: "takes_http_request_duration_seconds",
    help: "HTTP requests by method, app route and status, with their latency",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, labelRoute: routeLabeler(readRoutesManifest(distDir)), histogram };
}

/** What the page cache holds and how it answers, read from its own count when Prometheus scrapes. */
function countPageCache(registry: Registry, cache: PageCache): void {
  new Gauge({
    name: "takes_page_cache_bytes",
    help: "Bytes the shared page cache holds, counted as allocated",
    registers: [registry],
    collect() {
      this.set(cache.stats().bytes);
    },
  });
  new Gauge({
    name: "takes_page_cache_entries",
    help: "Pages and lists the shared page cache holds",
    registers: [registry],
    collect() {
      this.set(cache.stats().entries);
    },
  });
  new Gauge({
    name: "takes_page_cache_answers",
    help: "Answers of the shared page cache since start, by outcome (hit, stale, miss, bypass) and its fills, evictions and expiries",
    labelNames: ["outcome"],
    registers: [registry],
    collect() {
      const stats = cache.stats();
      for (const outcome of ["hit", "stale", "miss", "bypass", "fills", "fillErrors", "evicted", "expired", "purges"] as const)
        this.set({ outcome }, stats[outcome]);
    },
  });
}

/**
 * The front door's request listener, in the order every request takes. `next` answers whatever
 * the steps before it leave; `server` is the HTTP server it listens on (the page cache fills
 * itself from it).
 */
export function createFrontDoor(options: { settings: FrontDoorSettings; server: () => http.Server; next: NextHandler; distDir: string }) {
  const { settings } = options;
  const metrics = metricsRegistry(options.distDir);
  const context = createRequestContext({ labelRoute: metrics.labelRoute, histogram: metrics.histogram });
  const cache: PageCache | null = settings.pageCache ? createPageCache({ routes: CACHED_ROUTES, isBot, ...settings.pageCache }) : null;
  if (cache) countPageCache(metrics.registry, cache);
  const bridge: FrontDoorBridge = openFrontDoor({
    requestContext: context.storage,
    metricsRegistry: metrics.registry,
    pageCache: cache ? { purge: cache.purge, stats: cache.stats } : null,
    routeLanes: [],
    onShutdown: null,
  });
  const drain = createDrain(options.server);

  const toNext = (req: IncomingMessage, res: ServerResponse) => {
    options.next(req, res).catch((error: unknown) => {
      // The path only, with long digit runs masked: a log line never carries a phone number.
      const path = (req.url ?? "").split("?")[0]!.replace(/\d{7,}/g, "[digits]");
      line("error", "request failed in Next", { method: req.method, path, error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) refuse(req, res, 500, "Something went wrong. Please try again.");
      else res.destroy();
    });
  };

  function listener(req: IncomingMessage, res: ServerResponse): void {
    drain.track(res);
    // 1. Request context.
    context.run(req, res, () => {
      // 2. The request edge.
      if (!hasReadablePath(req.url ?? "/")) return refuse(req, res, 400, "That address is not valid.");
      const ownFill = cache?.isOwnFill(req) ?? false;
      writePrivateHeaders(req, { ownFill });
      // 3. The shared page cache (its own fills go on to Next).
      if (!ownFill && cache?.handle(options.server(), req, res, () => toNext(req, res))) return;
      // 4. The route lanes.
      if (settings.routeLanes && serveRouteLane(bridge.routeLanes, req, res)) return;
      // 5. Next.
      toNext(req, res);
    });
  }

  return { listener, bridge, drain, close: () => cache?.close() };
}

/** Counts the answers in flight, so a stop can wait for them and tell their clients not to come back on that connection. */
function createDrain(server: () => http.Server) {
  const open = new Set<ServerResponse>();
  let stopping = false;
  const idle: Array<() => void> = [];
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  return {
    track(res: ServerResponse) {
      open.add(res);
      if (stopping) closeAfter(res);
      res.once("close", () => {
        open.delete(res);
        // Its connection is idle now: close it rather than wait for its keep-alive to lapse.
        if (stopping) setImmediate(() => server().closeIdleConnections());
        if (open.size === 0) for (const resolve of idle.splice(0)) resolve();
      });
    },
    /** From now on every answer says `Connection: close`, those in flight included when their head is still to come. */
    stop(): Promise<void> {
      stopping = true;
      for (const res of open) closeAfter(res);
      return open.size === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));
    },
    get inFlight() {
      return open.size;
    },
  };
}

/** Starts Next behind the front door and listens; resolves once it answers. */
export async function main(argv = process.argv.slice(2), env: Record<string, string | undefined> = process.env): Promise<void> {
  // What `next start` sets before it loads Next (React picks its production build by NODE_ENV).
  env.NODE_ENV ??= "production";
  env.NEXT_RUNTIME ??= "nodejs";
  const settings = readSettings(argv, env);
  const distDir = path.resolve(settings.dir, frontDoorEnv(env).NEXT_DIST_DIR || ".next");
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: settings.dir, hostname: settings.hostname ?? "localhost", port: settings.port });
  // Next's handler exists once it is prepared; no connection is taken before that (below).
  const prepared: { handler?: NextHandler } = {};
  // Opened before Next loads the app, whose start-up and routes find the bridge.
  const door = createFrontDoor({
    settings,
    server: () => server,
    distDir,
    next: (req, res) => prepared.handler!(req, res),
  });
  const server = http.createServer(door.listener);

  closeWithGrace(
    {
      delay: settings.graceMs,
      // Errors are Next's to log, as under `next start`; only signals stop the server.
      skip: ["uncaughtException", "unhandledRejection", "beforeExit"],
      onTimeout: (ms) =>
        line("warn", "shutdown grace period over; exiting with work unfinished", { graceMs: ms, inFlight: door.drain.inFlight }),
      logger: { error: (message: unknown) => line("error", "shutdown", { error: String(message) }) },
    },
    async ({ signal }) => {
      line("info", "shutting down: no new connections, finishing requests in flight", { signal, inFlight: door.drain.inFlight });
      server.close();
      server.closeIdleConnections();
      const requestsDone = door.drain.stop();
      const onShutdown = frontDoor()?.onShutdown;
      await (onShutdown ? onShutdown(requestsDone) : requestsDone);
      // What `next start` does last: Next's own clean-up (its caches, `after()` work still running).
      await app.close().catch((error: unknown) => line("warn", "Next's clean-up failed", { error: String(error) }));
      door.close();
      line("info", "shut down cleanly");
    },
  );

  // Next's start-up (instrumentation: the database, its migrations and the worker) runs before the
  // first connection is taken, so no request waits on a half-started app.
  await app.prepare();
  prepared.handler = app.getRequestHandler() as NextHandler;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.hostname, () => resolve());
  });
  const address = server.address();
  const where = typeof address === "object" && address ? `${address.address}:${address.port}` : String(address);
  line("info", "listening", { address: where, pageCache: settings.pageCache !== null, routeLanes: settings.routeLanes });
}
