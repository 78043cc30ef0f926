// A local stand-in for ESPN in tests: an HTTP server that replays the recorded
// JSON in fixtures/espn/ by path and query, records every request, and can be
// told to fail, stall or answer differently for one route.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/espn");
export const SITE_PREFIX = "/apis/site/v2/sports";
export const CORE_PREFIX = "/v2/sports";

/** Recorded answers by request path + sorted query (`?a=1&b=2`). */
export const DEFAULT_ESPN_ROUTES: Record<string, string> = {
  [`${SITE_PREFIX}/football/nfl/scoreboard?dates=2025&seasontype=2&week=1`]: "scoreboard-nfl-2025-week1.json",
  [`${SITE_PREFIX}/football/nfl/scoreboard?dates=20241215`]: "scoreboard-nfl-20241215.json",
  [`${SITE_PREFIX}/baseball/mlb/scoreboard?dates=20250604`]: "scoreboard-mlb-20250604.json",
  [`${SITE_PREFIX}/baseball/mlb/scoreboard?dates=20250606`]: "scoreboard-mlb-20250606.json",
  [`${SITE_PREFIX}/baseball/mlb/scoreboard?dates=20250517`]: "scoreboard-mlb-20250517.json",
  [`${SITE_PREFIX}/football/nfl/teams`]: "teams-nfl.json",
  [`${SITE_PREFIX}/baseball/mlb/teams`]: "teams-mlb.json",
  [`${SITE_PREFIX}/football/nfl/summary?event=401547417`]: "summary-nfl-401547417.json",
  [`${SITE_PREFIX}/baseball/mlb/summary?event=401472463`]: "summary-mlb-401472463.json",
  [`${SITE_PREFIX}/football/nfl/teams/21/roster`]: "roster-nfl-21.synthetic.json",
  [`${CORE_PREFIX}/football/leagues/nfl/events/401547417/competitions/401547417/odds`]: "odds-nfl-401547417.json",
  [`${CORE_PREFIX}/baseball/leagues/mlb/events/401695826/competitions/401695826/odds`]: "odds-mlb-401695826.json",
};

// A 1×1 transparent PNG, served for any /logos/*.png so cover generation can inline real image bytes.
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

export interface ReplayAnswer {
  status?: number;
  /** A fixture file name, or a JSON value to send. */
  fixture?: string;
  json?: unknown;
  delayMs?: number;
  /** How many requests this answer applies to before falling back (default: all). */
  times?: number;
}

export interface EspnReplayServer {
  origin: string;
  /** Value for ESPN_BASE_URL. */
  siteBaseUrl: string;
  /** Value for ESPN_CORE_BASE_URL. */
  coreBaseUrl: string;
  /** Every request so far, as path + sorted query. */
  requests: string[];
  /** Overrides one route (path + query, relative to the site or core prefix or absolute). */
  answer(route: string, answer: ReplayAnswer): void;
  reset(): void;
  close(): Promise<void>;
}

export function routeKey(url: URL): string {
  const entries = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  const query = entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
  return `${url.pathname}${query}`;
}

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8"));
}

export async function startEspnServer(options: { port?: number } = {}): Promise<EspnReplayServer> {
  const overrides = new Map<string, ReplayAnswer & { used: number }>();
  const requests: string[] = [];

  const send = (res: ServerResponse, status: number, body: string | Buffer, type = "application/json") => {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const key = routeKey(url);
    requests.push(key);
    if (url.pathname === "/health") return send(res, 200, "{}");
    if (/^\/logos\/[a-z0-9-]+\.png$/.test(url.pathname)) return send(res, 200, TINY_PNG, "image/png");
    const override = overrides.get(key);
    if (override && (override.times === undefined || override.used < override.times)) {
      override.used++;
      if (override.delayMs) await new Promise((resolve) => setTimeout(resolve, override.delayMs));
      if (res.destroyed) return;
      const body = override.fixture ? readFileSync(path.join(FIXTURES, override.fixture)) : JSON.stringify(override.json ?? {});
      return send(res, override.status ?? 200, body);
    }
    const fixture = DEFAULT_ESPN_ROUTES[key];
    if (fixture && existsSync(path.join(FIXTURES, fixture))) return send(res, 200, readFileSync(path.join(FIXTURES, fixture)));
    return send(res, 404, JSON.stringify({ code: 404, message: `No recording for ${key}` }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const absolute = (route: string) =>
    route.startsWith(SITE_PREFIX) || route.startsWith(CORE_PREFIX) ? route : `${SITE_PREFIX}/${route.replace(/^\//, "")}`;
  return {
    origin,
    siteBaseUrl: `${origin}${SITE_PREFIX}`,
    coreBaseUrl: `${origin}${CORE_PREFIX}`,
    requests,
    answer: (route, answer) => overrides.set(routeKey(new URL(absolute(route), origin)), { ...answer, used: 0 }),
    reset: () => {
      overrides.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
