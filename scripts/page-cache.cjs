// The shared page cache (docs/decisions/025-shared-page-cache.md): public pages
// and lists whose answer is the same for every viewer are rendered once and
// served from memory to everyone for a few seconds, so a kickoff rush of
// thousands of fans opening the same feed and pack pages costs a handful of
// renders instead of one per fan.
//
// It sits in front of Next inside the production server process
// (scripts/page-cache-preload.cjs hooks it into Node's HTTP server), so a hit
// costs no routing, no React and no database. A miss is filled by asking our
// own server for the page over loopback, as a visitor with no cookies, with a
// private header only this module can set; concurrent misses for the same page
// share one fill. Entries are fresh for `freshMs`, then served stale for up to
// `staleMs` while one refill runs in the background. An admin change purges
// every entry (purge(), reached through globalThis by src/server/http/page-cache.ts).
//
// Answers are stored compressed (gzip and brotli, made once per fill) and, for
// HTML, carry a Content-Security-Policy whose script-src lists the SHA-256 of
// each inline script of that rendering instead of a per-answer nonce: a nonce
// that many viewers share would be no secret, a hash is safe to share.
//
// Plain CommonJS with no dependencies: it is preloaded with `node --require`
// before Next starts (scripts/server-command.mjs).
"use strict";

const crypto = require("node:crypto");
const http = require("node:http");
const zlib = require("node:zlib");

/** The header a fill request carries; any value a client sends under this name is removed. */
const FILL_HEADER = "x-takes-page-fill";
/** Set on every answer this module gives: hit, stale, miss (filled for this request) or bypass. */
const STATUS_HEADER = "x-takes-cache";

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
  // The fill's own request id (scripts/request-context.cjs): each answer carries its own.
  "x-request-id",
  STATUS_HEADER,
]);

const MAX_URL_LENGTH = 512;
/** What a browser-like first visit looks like to Next: crawlers get metadata rendered differently, so they bypass. */
const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|discord|telegram|skype|slack|preview/i;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;
/**
 * A client-side navigation asks for React's payload of the page (`RSC: 1`), which
 * depends on where the browser comes from (the router state tree) as well as on
 * the URL: these headers are part of its key, forwarded to the fill, and named
 * in Vary as Next names them. Server actions never come here.
 */
const ROUTER_HEADERS = ["next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"];
const VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";
const MAX_ROUTER_HEADER_LENGTH = 4096;

/**
 * A page that renders nothing of its viewer says so with this tag
 * (src/components/shell/shared-page.tsx); its copy is then served to signed-in
 * players too. Any other copy is served only to requests without a session
 * cookie, and a player's request is rendered for them by Next.
 */
const SHARED_MARKER = '<meta name="takes-cache" content="shared"/>';
/** A rendering that must not be kept (an error state in place of the page) carries this one. */
const UNCACHED_MARKER = '<meta name="takes-cache" content="none"/>';
/** The same two tags as React's payload of a client-side navigation spells them. */
const SHARED_MARKER_RSC = '"name":"takes-cache","content":"shared"';
const UNCACHED_MARKER_RSC = '"name":"takes-cache","content":"none"';

/** Query parameters any page may carry without changing what the server renders (handled in the browser). */
const BROWSER_PARAMS = ["card", "logout"];
const MAX_QUERY_PARAMS = 8;

/**
 * @typedef {{ pattern: RegExp, params: string[], shared?: boolean }} Route
 *   params: the query parameters the route reads; a request with any other
 *   one is left to Next, so made-up query strings cannot push the pages
 *   everyone asks for out of the cache.
 *   shared: every answer of the route is the same for a signed-in player as for
 *   a visitor (for JSON lists, which cannot carry the tag).
 * @typedef {{
 *   status: number, headers: [string, string][], csp: string | null, gzip: Buffer, br: Buffer,
 *   shared: boolean, etag: string, bytes: number, storedAt: number }} Entry
 */

/** sha256 sources for every inline <script> of an HTML document (what CSP matches them against). */
function inlineScriptHashes(html) {
  const hashes = new Set();
  const script = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const match of html.matchAll(script)) {
    if (/\bsrc\s*=/i.test(match[1])) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The rendering's policy with its inline scripts allowed by hash: nonces (a
 * fill has none) and 'strict-dynamic' (which would ignore 'self', and Next's
 * own chunks load from 'self') are removed from script-src.
 */
function policyWithHashes(policy, hashes) {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name.toLowerCase() !== "script-src") return directive;
      const kept = sources.filter((s) => !/^'nonce-/i.test(s) && s.toLowerCase() !== "'strict-dynamic'");
      return [name, ...kept, ...hashes].join(" ");
    })
    .join("; ");
}

function acceptedEncoding(header) {
  const value = String(header ?? "").toLowerCase();
  const accepts = (name) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`).test(value);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * @param {{ routes: Route[], freshMs?: number, staleMs?: number, maxBytes?: number,
 *   fillTimeoutMs?: number, now?: () => number }} options
 */
function createPageCache(options) {
  const routes = options.routes;
  const freshMs = options.freshMs ?? 5_000;
  const staleMs = options.staleMs ?? 30_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const fillTimeoutMs = options.fillTimeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  const token = crypto.randomBytes(24).toString("base64url");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  /** @type {Map<string, Entry>} in least-recently-used order */
  const entries = new Map();
  /** @type {Map<string, Promise<Entry | {uncacheable: {status: number, headers: [string,string][], body: Buffer}}>>} */
  const fills = new Map();
  let bytes = 0;
  let generation = 0;
  const counts = { hit: 0, stale: 0, miss: 0, bypass: 0, fills: 0, fillErrors: 0, purges: 0 };

  function routeOf(pathname) {
    return routes.find((route) => route.pattern.test(pathname)) ?? null;
  }

  /** The cache key and route of this request, or null when Next must answer it itself. */
  function keyOf(req) {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "";
    if (url.length > MAX_URL_LENGTH || !url.startsWith("/")) return null;
    const headers = req.headers;
    if (headers["next-action"] !== undefined || headers.purpose !== undefined) return null;
    const rsc = headers.rsc === "1";
    if (headers.rsc !== undefined && !rsc) return null;
    if (!rsc && ROUTER_HEADERS.some((name) => headers[name] !== undefined)) return null;
    const router = rsc ? ROUTER_HEADERS.map((name) => String(headers[name] ?? "")) : [];
    if (router.some((value) => value.length > MAX_ROUTER_HEADER_LENGTH)) return null;
    if (headers["sec-fetch-dest"] === "iframe") return null;
    if (CRAWLER.test(String(headers["user-agent"] ?? ""))) return null;
    if (headers.authorization !== undefined) return null;
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const route = routeOf(pathname);
    if (!route) return null;
    if (query !== -1) {
      const names = url
        .slice(query + 1)
        .split("&")
        .filter(Boolean)
        .map((part) => part.split("=")[0]);
      if (names.length > MAX_QUERY_PARAMS || new Set(names).size !== names.length) return null;
      const known = (name) => route.params.includes(name) || BROWSER_PARAMS.includes(name) || (rsc && name === "_rsc");
      if (!names.every(known)) return null;
    }
    // The host and scheme are part of the key: a page rendered for a forged Host is never served to anyone else.
    const proto = headers["x-forwarded-proto"] === "https" ? "https" : "http";
    const page = `${proto}://${String(headers.host ?? "")}${url}`;
    return {
      key: rsc ? `${page}\nrsc\n${router.join("\n")}` : page,
      // The page's own HTML copy: a payload of a page whose HTML says it is the same for everyone
      // is too (a prefetch's partial payload does not carry the tag itself).
      pageKey: rsc ? `${proto}://${String(headers.host ?? "")}${withoutRscParam(url)}` : null,
      route,
      router: rsc ? Object.fromEntries(ROUTER_HEADERS.flatMap((name, i) => (router[i] ? [[name, router[i]]] : []))) : null,
      signedIn: SESSION_COOKIE.test(String(headers.cookie ?? "")),
    };
  }

  function remember(key, entry) {
    const old = entries.get(key);
    if (old) {
      bytes -= old.bytes;
      entries.delete(key);
    }
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, value] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= value.bytes;
    }
  }

  function fill(server, req, found) {
    const { key, route } = found;
    const running = fills.get(key);
    if (running) return running;
    counts.fills += 1;
    const startedGeneration = generation;
    const address = server.address();
    const host = !address || typeof address === "string" || address.address === "::" || address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
    const headers = {
      host: req.headers.host ?? "localhost",
      accept: "text/html,application/json;q=0.9,*/*;q=0.8",
      "accept-encoding": "identity",
      "user-agent": String(req.headers["user-agent"] ?? "takes-page-cache"),
      [FILL_HEADER]: token,
      ...(found.router ? { rsc: "1", ...found.router } : {}),
    };
    if (req.headers["x-forwarded-proto"] === "https") headers["x-forwarded-proto"] = "https";
    const promise = new Promise((resolve, reject) => {
      const request = http.request(
        { host, port: address && typeof address !== "string" ? address.port : 80, path: req.url, method: "GET", headers, agent, timeout: fillTimeoutMs },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => resolve(stored(response, Buffer.concat(chunks), route)));
        },
      );
      request.on("timeout", () => request.destroy(new Error("page cache fill timed out")));
      request.on("error", reject);
      request.end();
    }).then(
      (result) => {
        // An entry rendered before a purge may predate the change that purged it: serve it to
        // the requests that waited for it, keep it only if no purge happened meanwhile.
        if (!("uncacheable" in result) && generation === startedGeneration) remember(key, result);
        return result;
      },
      (error) => {
        counts.fillErrors += 1;
        throw error;
      },
    );
    fills.set(key, promise);
    const done = () => fills.delete(key);
    promise.then(done, done);
    return promise;
  }

  /** What a fill answered, as an entry, or as a one-off answer when it must not be shared. */
  function stored(response, body, route) {
    const status = response.statusCode ?? 500;
    const raw = Object.entries(response.headers);
    const type = String(response.headers["content-type"] ?? "");
    const cacheable =
      (status === 200 || status === 404) &&
      response.headers["set-cookie"] === undefined &&
      (type.startsWith("application/json") ||
        (type.startsWith("text/html") && !body.includes(UNCACHED_MARKER)) ||
        (type.startsWith("text/x-component") && !body.includes(UNCACHED_MARKER_RSC)));
    const headers = [];
    for (const [name, value] of raw) {
      if (DROPPED_HEADERS.has(name) || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.push([name, String(item)]);
    }
    if (!cacheable) {
      const csp = response.headers["content-security-policy"];
      if (csp) headers.push(["content-security-policy", String(csp)]);
      return { uncacheable: { status, headers, body } };
    }
    const policy = response.headers["content-security-policy"];
    const csp = policy && type.startsWith("text/html") ? policyWithHashes(String(policy), inlineScriptHashes(body.toString("utf8"))) : policy ? String(policy) : null;
    const gzip = zlib.gzipSync(body, { level: 6 });
    const br = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    const shared =
      status === 200 &&
      (route.shared === true ||
        (type.startsWith("text/html") && body.includes(SHARED_MARKER)) ||
        (type.startsWith("text/x-component") && body.includes(SHARED_MARKER_RSC)));
    return { status, headers, csp, gzip, br, shared, etag, bytes: gzip.length + br.length + 512, storedAt: now() };
  }

  function send(req, res, entry, status) {
    counts[status] += 1;
    const age = Math.max(0, Math.floor((now() - entry.storedAt) / 1000));
    for (const [name, value] of entry.headers) res.appendHeader(name, value);
    if (entry.csp) res.setHeader("content-security-policy", entry.csp);
    res.setHeader("vary", VARY);
    // Browsers ask again every time (their copy may be a few seconds old already); a shared
    // cache in front may keep it as long as we do.
    res.setHeader("cache-control", `public, max-age=0, must-revalidate, s-maxage=${Math.round(freshMs / 1000)}, stale-while-revalidate=${Math.round(staleMs / 1000)}`);
    res.setHeader("etag", entry.etag);
    res.setHeader("age", String(age));
    res.setHeader(STATUS_HEADER, status);
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

  function sendOnce(req, res, answer) {
    counts.miss += 1;
    for (const [name, value] of answer.headers) res.appendHeader(name, value);
    res.setHeader(STATUS_HEADER, "miss");
    res.setHeader("content-length", String(answer.body.length));
    res.statusCode = answer.status;
    res.end(req.method === "HEAD" ? undefined : answer.body);
  }

  /**
   * Answers `req` from the cache and returns true, or returns false after
   * marking it for Next (a fill request from this cache, or one it does not keep).
   * `passThrough` hands the request to Next when a fill fails.
   */
  function handle(server, req, res, passThrough) {
    const headers = req.headers;
    if (headers[FILL_HEADER] !== undefined) {
      const ours = headers[FILL_HEADER] === token && isLoopback(req.socket && req.socket.remoteAddress);
      delete headers[FILL_HEADER];
      if (ours) {
        headers[FILL_HEADER] = "1";
        return false;
      }
    }
    const found = keyOf(req);
    if (found === null) return false;
    const { key, signedIn } = found;
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    const pageShared = () => found.pageKey !== null && entries.get(found.pageKey)?.shared === true;
    // A player asking for a page whose copy shows a visitor's view gets their own rendering.
    if (signedIn && entry && !entry.shared && !pageShared() && age < freshMs + staleMs) {
      counts.bypass += 1;
      return false;
    }
    if (entry && age < freshMs) {
      entries.delete(key);
      entries.set(key, entry);
      send(req, res, entry, "hit");
      return true;
    }
    if (entry && age < freshMs + staleMs) {
      fill(server, req, found).catch(() => {});
      send(req, res, entry, "stale");
      return true;
    }
    fill(server, req, found).then(
      (result) => {
        if (signedIn && ("uncacheable" in result || !(result.shared || pageShared()))) {
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
  }

  /** Drops every entry: the next request for each page renders it again. */
  function purge() {
    generation += 1;
    counts.purges += 1;
    entries.clear();
    bytes = 0;
  }

  function stats() {
    return { ...counts, entries: entries.size, bytes };
  }

  return { handle, purge, stats, keyOf };
}

/** A navigation's URL without the `_rsc` cache-busting parameter Next adds to it. */
function withoutRscParam(url) {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const kept = url
    .slice(query + 1)
    .split("&")
    .filter((part) => part && !part.startsWith("_rsc="));
  return kept.length ? `${url.slice(0, query)}?${kept.join("&")}` : url.slice(0, query);
}

function isLoopback(address) {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

module.exports = { createPageCache, SHARED_MARKER, UNCACHED_MARKER, inlineScriptHashes, policyWithHashes, acceptedEncoding, FILL_HEADER, STATUS_HEADER };
