// The shared page cache (docs/decisions/025-shared-page-cache.md): public pages and lists whose
// answer is the same for every viewer are rendered once and served from memory to everyone for a
// few seconds, so a kickoff rush of thousands of fans opening the same feed and pack pages costs a
// handful of renders instead of one per fan.
//
// It is one step of the front door (src/front-door/server.ts), so a hit costs no routing, no
// React and no database. A miss is filled by asking our own server for the page over loopback, as
// a visitor with no cookies, marked with a token only this process knows; concurrent misses for the
// same page share one fill. Entries are fresh for `freshMs`, then served stale for up to `staleMs`
// while one refill runs; after that they are dropped. An admin change purges every entry.
//
// Bounded in real bytes (docs/decisions/052-one-owned-server.md): every stored buffer is a copy
// that owns exactly its bytes (zlib's output is a view of a 16 KB chunk, which the old budget
// counted by its length), the key and headers are counted too, entries expire, and only requests
// for the site's own host are kept, so neither made-up URLs nor made-up Host headers can grow
// memory past `maxBytes`.
//
// Answers are stored compressed (gzip and brotli) and, for HTML, carry a Content-Security-Policy
// whose script-src lists the SHA-256 of each inline script instead of a per-answer nonce: a nonce
// many viewers share would be no secret, a hash is safe to share.
import { createHash, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { PageCacheStats } from "./bridge";

/** Set on every answer this module gives: hit, stale, miss (filled for this request). */
export const CACHE_STATUS_HEADER = "x-takes-cache";

/** Headers of the rendered answer that are per-connection or rewritten here, never stored. */
const DROPPED_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "vary",
  "cache-control",
  "etag",
  "age",
  "content-security-policy",
  // The fill's own request id (src/front-door/request-context.ts): each answer carries its own.
  "x-request-id",
  CACHE_STATUS_HEADER,
]);

const MAX_URL_LENGTH = 512;
const MAX_QUERY_PARAMS = 8;
/** Query parameters any page may carry without changing what the server renders (read in the browser). */
const BROWSER_PARAMS = ["card", "logout"];
/**
 * Cookies the app reads to render a page for its viewer: a session, the members gate's pass,
 * and the read-your-writes marker. A request carrying one gets only copies that say they are the
 * same for everyone.
 */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?next-auth\.session-token(?:\.\d+)?|members_access|takes-own-write)=/;
/** The mark of a browser that has played (src/server/takes/played-cookie.ts): not personal, one of two copies. */
const PLAYED_COOKIE = /(?:^|;\s*)takes-played=1(?:;|$)/;
/** Answers Next renders differently for: React's payloads of a navigation, prefetches, server actions. */
export const NAVIGATION_HEADERS = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-action",
  "purpose",
];
/** What Next's own answers to a page say they vary by, plus the encoding this cache picks. */
export const VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";
/**
 * A fill waits at most this long; past MAX_FILLS concurrent fills, a miss is left to Next itself
 * (a flood of distinct URLs cannot queue unbounded fills).
 */
const MAX_FILLS = 32;
/** Map entry, key string and header objects: what an entry costs beyond its buffers. */
const ENTRY_OVERHEAD_BYTES = 1024;

/** A page that renders nothing of its viewer says so with this tag (src/components/shell/shared-page.tsx). */
export const SHARED_MARKER = '<meta name="takes-cache" content="shared"/>';
/** A rendering that must not be kept (an error state in place of the page) carries this one. */
export const UNCACHED_MARKER = '<meta name="takes-cache" content="none"/>';

export interface CachedRoute {
  pattern: RegExp;
  /** The query parameters the route reads; a request with any other is left to Next. */
  params: string[];
  /** Every answer is the same for a signed-in player as for a visitor (for JSON lists, which cannot carry the tag). */
  shared?: boolean;
  /**
   * The page renders differently for a browser that has played (the `takes-played` cookie,
   * src/server/takes/played-cookie.ts): two copies are kept, and each fill carries the cookie or not.
   */
  played?: boolean;
}

interface Entry {
  status: number;
  headers: [string, string][];
  csp: string | null;
  gzip: Buffer;
  br: Buffer;
  shared: boolean;
  /** A cache in front (a CDN) may keep it too: shared, and not one of a played/not-played pair. */
  inFront: boolean;
  etag: string;
  bytes: number;
  storedAt: number;
}

interface OneOff {
  uncacheable: { status: number; headers: [string, string][]; body: Buffer };
}

interface Found {
  key: string;
  route: CachedRoute;
  personal: boolean;
  cookies: boolean;
  https: boolean;
  /** This request asks for the copy of a browser that has played (routes with `played`). */
  played: boolean;
}

export interface PageCacheOptions {
  routes: CachedRoute[];
  /** The site's own host (NEXTAUTH_URL's); requests naming another Host are never cached. */
  siteHost: string;
  freshMs?: number;
  staleMs?: number;
  maxBytes?: number;
  maxEntries?: number;
  fillTimeoutMs?: number;
  now?: () => number;
  /** Whether Next renders a different page for this User-Agent (src/front-door/bots.ts). */
  isBot?: (userAgent: string) => boolean;
}

/** sha256 sources for every inline <script> of an HTML document (what CSP matches them against). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The rendering's policy with its inline scripts allowed by hash: nonces (a fill has none) and
 * 'strict-dynamic' (which would ignore 'self', and Next's own chunks load from 'self') are removed.
 */
export function policyWithHashes(policy: string, hashes: string[]): string {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = "", ...sources] = directive.split(/\s+/);
      if (name.toLowerCase() !== "script-src") return directive;
      const kept = sources.filter((s) => !/^'nonce-/i.test(s) && s.toLowerCase() !== "'strict-dynamic'");
      return [name, ...kept, ...hashes].join(" ");
    })
    .join("; ");
}

/** "br", "gzip" or null, from Accept-Encoding (a q=0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): "br" | "gzip" | null {
  const value = String(header ?? "").toLowerCase();
  const accepts = (name: string) =>
    new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`).test(value);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/** A copy that owns exactly its bytes, outside Node's shared pool. */
function owned(view: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(view.length);
  view.copy(copy);
  return copy;
}

const isLoopback = (address: string | undefined) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

export function createPageCache(options: PageCacheOptions) {
  const routes = options.routes;
  const siteHost = options.siteHost.toLowerCase();
  const freshMs = options.freshMs ?? 5_000;
  const staleMs = options.staleMs ?? 30_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntries = options.maxEntries ?? 5_000;
  const fillTimeoutMs = options.fillTimeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  const isBot = options.isBot ?? (() => false);
  const token = randomBytes(24).toString("base64url");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  /** In least-recently-used order. */
  const entries = new Map<string, Entry>();
  const fills = new Map<string, Promise<Entry | OneOff>>();
  let bytes = 0;
  let generation = 0;
  const counts = { hit: 0, stale: 0, miss: 0, bypass: 0, fills: 0, fillErrors: 0, purges: 0, expired: 0, evicted: 0 };

  const alive = (entry: Entry) => now() - entry.storedAt < freshMs + staleMs;

  function drop(key: string, entry: Entry) {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  /** Drops every entry past its stale time (they would never be served again). */
  function sweep() {
    for (const [key, entry] of entries) {
      if (alive(entry)) continue;
      drop(key, entry);
      counts.expired += 1;
    }
  }
  const sweeper = setInterval(sweep, Math.max(1_000, Math.min(freshMs + staleMs, 30_000)));
  sweeper.unref();

  /** The key of this request, or null when Next must answer it itself. */
  function keyOf(req: IncomingMessage): Found | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "";
    if (url.length > MAX_URL_LENGTH || !url.startsWith("/")) return null;
    const headers = req.headers;
    // Only the site's own name: a page rendered for a made-up Host is never kept or served to anyone else.
    if (String(headers.host ?? "").toLowerCase() !== siteHost) return null;
    if (NAVIGATION_HEADERS.some((name) => headers[name] !== undefined)) return null;
    // Next renders a subresource's 404 as plain text, and the receipt dialog's frame without the shell.
    const dest = headers["sec-fetch-dest"];
    if (dest !== undefined && dest !== "document" && dest !== "empty") return null;
    if (isBot(String(headers["user-agent"] ?? ""))) return null;
    if (headers.authorization !== undefined) return null;
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const route = routes.find((candidate) => candidate.pattern.test(pathname));
    if (!route) return null;
    if (query !== -1) {
      const names = url
        .slice(query + 1)
        .split("&")
        .filter(Boolean)
        .map((part) => part.split("=")[0]!);
      if (names.length > MAX_QUERY_PARAMS || new Set(names).size !== names.length) return null;
      if (!names.every((name) => route.params.includes(name) || BROWSER_PARAMS.includes(name))) return null;
    }
    const https = headers["x-forwarded-proto"] === "https";
    const cookie = String(headers.cookie ?? "");
    const played = route.played === true && PLAYED_COOKIE.test(cookie);
    const key = `${https ? "https" : "http"} ${url}${played ? " played" : ""}`;
    return { key, route, personal: PERSONAL_COOKIE.test(cookie), cookies: cookie !== "", https, played };
  }

  function remember(key: string, entry: Entry) {
    const old = entries.get(key);
    if (old) drop(key, old);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, value] of entries) {
      if (bytes <= maxBytes && entries.size <= maxEntries) break;
      drop(oldest, value);
      counts.evicted += 1;
    }
  }

  /** What a fill answered, as an entry, or as a one-off answer when it must not be shared. */
  function stored(response: IncomingMessage, body: Buffer, route: CachedRoute, key: string): Entry | OneOff {
    const status = response.statusCode ?? 500;
    const type = String(response.headers["content-type"] ?? "");
    const cacheable =
      (status === 200 || status === 404) &&
      response.headers["set-cookie"] === undefined &&
      (type.startsWith("application/json") || (type.startsWith("text/html") && !body.includes(UNCACHED_MARKER)));
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(response.headers)) {
      if (DROPPED_HEADERS.has(name) || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.push([name, String(item)]);
    }
    const policy = response.headers["content-security-policy"];
    if (!cacheable) {
      if (policy) headers.push(["content-security-policy", String(policy)]);
      return { uncacheable: { status, headers, body } };
    }
    const csp =
      policy && type.startsWith("text/html")
        ? policyWithHashes(String(policy), inlineScriptHashes(body.toString("utf8")))
        : policy
          ? String(policy)
          : null;
    const gzip = owned(zlib.gzipSync(body, { level: 6 }));
    const br = owned(
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
    const shared = status === 200 && (route.shared === true || (type.startsWith("text/html") && body.includes(SHARED_MARKER)));
    const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + (csp?.length ?? 0) + etag.length;
    const entryBytes = gzip.length + br.length + 2 * (key.length + headerBytes) + ENTRY_OVERHEAD_BYTES;
    // A copy chosen by the played cookie is not for a cache in front, which would not tell the two apart.
    const inFront = shared && route.played !== true;
    return { status, headers, csp, gzip, br, shared, inFront, etag, bytes: entryBytes, storedAt: now() };
  }

  function fill(server: http.Server, req: IncomingMessage, found: Found): Promise<Entry | OneOff> {
    const { key, route } = found;
    const running = fills.get(key);
    if (running) return running;
    counts.fills += 1;
    const startedGeneration = generation;
    const address = server.address() as AddressInfo | null;
    const host = !address || address.address === "::" || address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
    const headers: Record<string, string> = {
      host: siteHost,
      accept: "text/html,application/json;q=0.9,*/*;q=0.8",
      "accept-encoding": "identity",
      // Always a browser's page: bots never reach the cache, so no bot's rendering is ever stored.
      "user-agent": "takes-page-cache",
      "x-takes-page-fill": token,
    };
    if (found.https) headers["x-forwarded-proto"] = "https";
    if (found.played) headers.cookie = "takes-played=1";
    const promise = new Promise<Entry | OneOff>((resolve, reject) => {
      const request = http.request(
        { host, port: address?.port ?? 80, path: req.url, method: "GET", headers, agent, timeout: fillTimeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => resolve(stored(response, Buffer.concat(chunks), route, key)));
        },
      );
      request.on("timeout", () => request.destroy(new Error("page cache fill timed out")));
      request.on("error", reject);
      request.end();
    }).then(
      (result) => {
        // An entry rendered before a purge may predate the change that purged it: serve it to the
        // requests that waited for it, keep it only if no purge happened meanwhile.
        if (!("uncacheable" in result) && generation === startedGeneration) remember(key, result);
        return result;
      },
      (error: unknown) => {
        counts.fillErrors += 1;
        throw error;
      },
    );
    fills.set(key, promise);
    const done = () => fills.delete(key);
    promise.then(done, done);
    return promise;
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, status: "hit" | "stale" | "miss") {
    counts[status] += 1;
    const age = Math.max(0, Math.floor((now() - entry.storedAt) / 1000));
    for (const [name, value] of entry.headers) res.appendHeader(name, value);
    if (entry.csp) res.setHeader("content-security-policy", entry.csp);
    res.setHeader("vary", VARY);
    // Browsers ask again every time (their copy may be a few seconds old already). A shared cache in
    // front may keep a copy that is the same for everyone as long as we do; a visitor's copy is not
    // for it (it would be served to a signed-in player).
    res.setHeader(
      "cache-control",
      entry.inFront
        ? `public, max-age=0, must-revalidate, s-maxage=${Math.round(freshMs / 1000)}, stale-while-revalidate=${Math.round(staleMs / 1000)}`
        : "private, no-cache",
    );
    res.setHeader("etag", entry.etag);
    res.setHeader("age", String(age));
    res.setHeader(CACHE_STATUS_HEADER, status);
    const match = req.headers["if-none-match"];
    if (entry.status === 200 && typeof match === "string" && match.split(",").some((tag) => tag.trim() === entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : zlib.gunzipSync(entry.gzip);
    if (encoding) res.setHeader("content-encoding", encoding);
    res.setHeader("content-length", String(body.length));
    res.statusCode = entry.status;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function sendOnce(req: IncomingMessage, res: ServerResponse, answer: OneOff["uncacheable"]) {
    counts.miss += 1;
    for (const [name, value] of answer.headers) res.appendHeader(name, value);
    res.setHeader(CACHE_STATUS_HEADER, "miss");
    res.setHeader("content-length", String(answer.body.length));
    res.statusCode = answer.status;
    res.end(req.method === "HEAD" ? undefined : answer.body);
  }

  return {
    /** Whether this request is one of this cache's own fills (the token, over loopback). */
    isOwnFill(req: IncomingMessage): boolean {
      return req.headers["x-takes-page-fill"] === token && isLoopback(req.socket?.remoteAddress);
    },

    /**
     * Answers `req` from the cache and returns true, or returns false for Next to answer it.
     * `passThrough` hands the request to Next when a fill fails or its answer is not for this viewer.
     */
    handle(server: http.Server, req: IncomingMessage, res: ServerResponse, passThrough: () => void): boolean {
      const found = keyOf(req);
      if (found === null) return false;
      const { key, personal } = found;
      let entry = entries.get(key);
      if (entry && !alive(entry)) {
        drop(key, entry);
        counts.expired += 1;
        entry = undefined;
      }
      // A player asking for a page whose copy shows a visitor's view gets their own rendering.
      if (personal && entry && !entry.shared) {
        counts.bypass += 1;
        return false;
      }
      if (entry && now() - entry.storedAt < freshMs) {
        entries.delete(key);
        entries.set(key, entry);
        send(req, res, entry, "hit");
        return true;
      }
      if (entry) {
        fill(server, req, found).catch(() => {});
        send(req, res, entry, "stale");
        return true;
      }
      if (!fills.has(key) && fills.size >= MAX_FILLS) {
        counts.bypass += 1;
        return false;
      }
      fill(server, req, found).then(
        (result) => {
          // The fill was a visitor's: a player (or any request with cookies, such as a members
          // pass) gets their own rendering unless the copy is the same for everyone.
          if ("uncacheable" in result ? found.cookies : personal && !result.shared) {
            counts.bypass += 1;
            passThrough();
          } else if ("uncacheable" in result) sendOnce(req, res, result.uncacheable);
          else send(req, res, result, "miss");
        },
        () => {
          counts.bypass += 1;
          passThrough();
        },
      );
      return true;
    },

    /** Drops every entry: the next request for each page renders it again. */
    purge(): void {
      generation += 1;
      counts.purges += 1;
      entries.clear();
      bytes = 0;
    },

    stats(): PageCacheStats {
      return { ...counts, entries: entries.size, bytes };
    },

    close(): void {
      clearInterval(sweeper);
      agent.destroy();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
