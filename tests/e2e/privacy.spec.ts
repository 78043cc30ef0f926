// Privacy crawler: every public page and every API answer, as a visitor and
// as a signed-in player, must never show anyone's phone number (the player's
// own may appear only on their own pages). Routes are listed from disk, so a
// new page or route is crawled without touching this file; its dynamic
// segments are filled with real values found while crawling (links, public
// API answers). GET only, apart from passing the members gate, which only
// sets a cookie in this test's own browser.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, signInAs } from "./helpers";

const root = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(root, "src/app");
// The demo world as written: seed.ts and the modules under seed/ (identities, catalog, community…).
const seedDir = path.join(root, "src/server/db/seed");
const seedSource = [
  path.join(root, "src/server/db/seed.ts"),
  ...readdirSync(seedDir)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(seedDir, name)),
]
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

// ------------------------------------------------------------------ phones

/** Every phone number of the demo world: the seed's profiles and the admin phones the server runs with. */
const DEMO_PHONES = [
  ...new Set([
    ...[...seedSource.matchAll(/["'`]\+1(\d{10})["'`]/g)].map((m) => m[1]!),
    ...E2E.serverEnv.ADMIN_PHONES!.split(",").map((p) => p.replace(/\D/g, "").slice(-10)),
  ]),
];

// The crawl looks for what the seed names; should the seed move again, it must not look for less in silence.
for (const [what, pattern] of [
  ["demo phones", /["'`]\+1(\d{10})["'`]/g],
  ["award codes", /\bcode: "([A-Z0-9]+)"/g],
  ["handles", /handle: "([a-z_]+)"/g],
  ["slugs", /\bslug: "([a-z0-9-]+)"/g],
] as const) {
  if ([...seedSource.matchAll(pattern)].length < 2)
    throw new Error(`privacy crawl: the seed's ${what} were not found in src/server/db/seed*`);
}

/** The signed-in player of the crawl: the demo player with the most history (takes, receipts, a head-to-head, exchanges). */
const PLAYER = { phone: "5555550101", handle: "gridiron_gus" };

// Digits may be split by spaces, dots, dashes (also as HTML entities or JSON
// escapes), with or without a leading +1 / 1 and parentheses round the area code.
const SEP = String.raw`(?:[\s.\-\u00a0\u2011]|&nbsp;|&#160;|\\u00a0)?`;
const PLUS = String.raw`(?:\+|%2B|\\u002[bB]|&#43;|&#x2[bB];)`;

function phonePattern(digits: string): RegExp {
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return new RegExp(String.raw`(?<!\d)(?:${PLUS}?1${SEP})?\(?${area}\)?${SEP}${exchange}${SEP}${line}(?!\d)`);
}

const phoneMatchers = DEMO_PHONES.map((digits) => ({ digits, pattern: phonePattern(digits) }));

/** The demo phones a body shows, as 10-digit strings. */
function phonesIn(body: string): string[] {
  return phoneMatchers.filter(({ pattern }) => pattern.test(body)).map(({ digits }) => digits);
}

// ------------------------------------------------------------------ routes from disk

interface Route {
  kind: "page" | "api";
  /** e.g. `/packs/[packURL]/[receiptId]` */
  pattern: string;
  params: string[];
  regex: RegExp;
  source: string;
}

function listRoutes(dir = appDir, segments: string[] = []): Route[] {
  const routes: Route[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Private folders and parallel-route slots are not URL segments of their own.
      if (entry.name.startsWith("_") || entry.name.startsWith("@")) continue;
      routes.push(...listRoutes(full, entry.name.startsWith("(") ? segments : [...segments, entry.name]));
      continue;
    }
    const kind = entry.name === "page.tsx" ? "page" : entry.name === "route.ts" ? "api" : null;
    if (!kind) continue;
    const source = readFileSync(full, "utf8");
    if (kind === "api" && !/export\s+(?:const|async\s+function|function)\s+GET\b|\bas\s+GET\b/.test(source)) continue;
    const pattern = `/${segments.join("/")}`;
    const params = segments.filter((s) => s.startsWith("[")).map((s) => s.replace(/[[\].]/g, ""));
    const regex = new RegExp(
      `^${segments
        .map((s) => (s.startsWith("[...") || s.startsWith("[[...") ? "/.+" : s.startsWith("[") ? "/[^/]+" : `/${s}`))
        .join("")}/?$`,
    );
    routes.push({ kind, pattern: pattern === "/" ? "/" : pattern, params, regex: pattern === "/" ? /^\/$/ : regex, source });
  }
  return routes;
}

/** Admin pages and routes must refuse visitors and players (tests/api/authorization-sweep.test.ts); they are not crawled. */
const isAdmin = (pathname: string) => /^\/(api\/)?admin(\/|$)/.test(pathname);

const ROUTES = listRoutes().filter((route) => !isAdmin(route.pattern));

/** The route Next serves a path with: a static segment wins over a dynamic one (`/h2h/new` is not a challenge). */
function routeOf(pathname: string): Route | undefined {
  const api = pathname.startsWith("/api/");
  const rank = (route: Route) =>
    route.pattern
      .split("/")
      .filter(Boolean)
      .map((segment) => (segment.startsWith("[...") ? "2" : segment.startsWith("[") ? "1" : "0"))
      .join("");
  return ROUTES.filter((route) => (route.kind === "api") === api && route.regex.test(pathname)).sort((a, b) =>
    rank(a).localeCompare(rank(b)),
  )[0];
}

// ------------------------------------------------------------------ values for dynamic segments and queries

type Values = Map<string, Set<string>>;

const add = (values: Values, name: string, value: unknown) => {
  if (typeof value !== "string" || !value || value.length > 100) return;
  if (!values.has(name)) values.set(name, new Set());
  values.get(name)!.add(value);
};
const all = (values: Values, name: string, cap = 12) => [...(values.get(name) ?? [])].slice(0, cap);
// A route with several dynamic segments is filled only with combinations seen together (a receipt id with its pack).
const TUPLE = (pattern: string) => `tuple ${pattern}`;
const addTuple = (values: Values, pattern: string, parts: string[]) => add(values, TUPLE(pattern), JSON.stringify(parts));

/** Values the demo data defines but no public page links to: award card codes and the members gate. */
function seedValues(values: Values) {
  for (const m of seedSource.matchAll(/\bcode: "([A-Z0-9]+)"/g)) add(values, "code", m[1]);
  for (const p of [
    "gridiron_gus",
    ...[...seedSource.matchAll(/handle: "([a-z_]+)"/g)].map((m) => m[1]!),
    seedSource.match(/DEMO_ADMIN_HANDLE = "([^"]+)"/)?.[1],
  ])
    add(values, "profileID", p);
  add(values, "passwordID", seedSource.match(/DEMO_MEMBERS_PASSWORD_ID = "([^"]+)"/)?.[1]);
  // Series pages are linked only from the admin; the seed names their slugs (and the contest's).
  for (const m of seedSource.matchAll(/\bslug: "([a-z0-9-]+)"/g))
    for (const name of ["slug", "seriesSlug", "contestID"]) add(values, name, m[1]);
  // The demo world has no generated event covers (its packs use team logos); a missing one is asked for instead.
  add(values, "file", "no-such-cover.svg");
}

/** Routes the demo world has no data for; they are still asked for, with a value that does not exist. */
const NO_DEMO_DATA = new Set(["/api/covers/[file]"]);

// JSON keys whose values fill a dynamic segment or a query parameter.
const JSON_KEYS: Record<string, string> = {
  packURL: "packURL",
  packUrl: "packURL",
  handle: "profileID",
  profileID: "profileID",
  receiptId: "receiptId",
  teamSlug: "teamSlug",
  contestID: "contestID",
  challengeId: "challengeId",
  // /api/packs names each pack's id so (the legacy field name of the spec).
  airtableId: "packId",
};

function harvestJson(values: Values, json: unknown) {
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        const name = JSON_KEYS[key];
        if (name) add(values, name, value);
        walk(value);
      }
    }
  };
  walk(json);
  // Team leaderboards are keyed `league:slug`; /api/teams lists every team.
  if (json && typeof json === "object" && Array.isArray((json as { teams?: unknown }).teams)) {
    for (const team of (json as { teams: Array<{ slug?: string; league?: string }> }).teams) {
      add(values, "teamSlug", team.slug);
      if (team.slug && team.league) add(values, "teamKey", `${team.league}:${team.slug}`);
    }
  }
}

/** A crawled path that matches a dynamic route gives that route's segment values. */
function harvestPath(values: Values, pathname: string) {
  const route = routeOf(pathname);
  if (route?.params.length && !route.pattern.includes("[...")) {
    const parts = pathname.split("/").filter(Boolean);
    const filled = route.pattern
      .split("/")
      .filter(Boolean)
      .flatMap((segment, i) => (segment.startsWith("[") ? [decodeURIComponent(parts[i]!)] : []));
    route.params.forEach((param, i) => add(values, param, filled[i]));
    addTuple(values, route.pattern, filled);
  }
  if (/^\/series\/[^/]+$/.test(pathname)) add(values, "seriesSlug", decodeURIComponent(pathname.split("/")[2]!));
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

/**
 * The query strings of the routes that need one. Every API GET route whose
 * source reads a query must be listed here (checked below), so a new one is
 * crawled with real values, not just refused for a missing parameter. Pages'
 * queries mostly come from their links; a page no link leads to is listed too.
 */
const QUERIES: Record<string, (v: Values) => string[]> = {
  // "Challenge a friend" on a pack that has not closed, with a named opponent (open packs link to it without one).
  // The Rivals section and its pages (decision 069): handles and records, never a phone.
  "/h2h": () => ["", q({ rivals: "2" })],
  "/h2h/new": (v) => ["", ...all(v, "packURL").map((pack) => q({ pack, opponent: "bullpen_betty" }))],
  // Names a head-to-head may go to, as they are typed: handles only (issue 39 item 6).
  "/api/h2h/opponents": () => [q({ q: "bull" }), q({ q: "gridiron_gus" }), q({ q: "" })],
  // A drawn picture (decision 045): a demo team's logo, as a badge and as a cover, and a picture of no team.
  "/api/art": () => [
    q({ src: "https://a.espncdn.com/i/teamlogos/nfl/500/phi.png" }),
    q({ src: "https://a.espncdn.com/i/teamlogos/nfl/500/phi.png", as: "cover" }),
    q({ src: "https://images.example.com/anything.jpg" }),
  ],
  // A share card (decision 067), as a page's og:image names it (the crawler follows those) and with a stale version.
  "/api/cards/[kind]/[key]": () => ["", q({ v: "stale" })],
  "/api/awards/check": (v) => all(v, "code").map((code) => q({ code })),
  "/api/awards/preview": (v) => all(v, "code").map((code) => q({ code })),
  "/api/covers/[file]": () => ["?v=1"],
  "/api/follow/status": (v) => [
    ...all(v, "teamSlug", 4).map((teamSlug) => q({ teamSlug })),
    ...all(v, "seriesSlug", 4).map((seriesSlug) => q({ seriesSlug })),
  ],
  "/api/getPassword": (v) => all(v, "passwordID").map((passwordID) => q({ passwordID })),
  "/api/leaderboard": (v) => [
    ...["all", "today", "week", "season"].map((period) => q({ scope: "all", period })),
    ...["nfl", "mlb"].map((key) => q({ scope: "league", key })),
    ...all(v, "packURL").map((key) => q({ scope: "pack", key })),
    ...all(v, "contestID").map((key) => q({ scope: "contest", key })),
    ...all(v, "teamKey", 6).map((key) => q({ scope: "team", key })),
  ],
  // League and contest standings (decision 062): handles and points, never a phone.
  "/api/standings": (v) => [...["nfl", "mlb"].map((league) => q({ league })), ...all(v, "contestID").map((contest) => q({ contest }))],
  "/api/standings/winners": (v) => [
    ...["nfl", "mlb"].map((league) => q({ league })),
    ...all(v, "contestID").map((contest) => q({ contest })),
  ],
  // A game's live reading is the same for everyone and carries no player (decision 053); any game id will do.
  "/api/live": () => [q({ events: "00000000-0000-4000-8000-000000000000" })],
  // The live stream never ends by itself, so the crawler only asks it without games (a 400); its bytes are
  // the same game readings /api/live answers (tests/api/live-stream.test.ts).
  "/api/live/stream": () => [q({ events: "" })],
  "/api/marketplace/items": (v) => ["", ...all(v, "teamSlug", 6).map((teamSlug) => q({ teamSlug }))],
  "/api/packProgress": (v) => [q({ ids: all(v, "packId", 100).join(",") })],
  "/api/packs": () => [
    "",
    ...["open", "coming soon", "closed", "all"].map((view) => q({ view })),
    q({ league: "nfl" }),
    q({ league: "mlb" }),
  ],
  "/api/packs/[packURL]/userTakes": (v) => all(v, "profileID").map((profileID) => q({ profileID })),
  "/api/profile/[profileID]": () => [q({ select: "tokens" })],
  "/api/props": () => [""],
  // "Remind me" on a pack (decision 072): the player's own ask and lead time, no number.
  "/api/notifications/pack-reminder": (v) => ["", ...all(v, "packURL", 4).map((packURL) => q({ packURL }))],
  "/api/receipts/resolve": (v) => all(v, "packURL").flatMap((packURL) => all(v, "profileID").map((profileID) => q({ packURL, profileID }))),
  "/api/userTakes": (v) => ["", ...all(v, "packURL").map((packURL) => q({ packURL }))],
  // Groups (decision 066): my groups, a group's board by tab and its members; handles only, picks after lock.
  "/api/groups": () => ["", q({ cursor: "bogus" })],
  "/api/groups/[groupId]/board": (v) => [
    ...["week", "season", "all"].map((tab) => q({ tab })),
    ...all(v, "packURL", 4).map((pack) => q({ tab: "pack", pack })),
  ],
  "/api/groups/[groupId]/members": () => [""],
  "/api/groups/[groupId]/packs/[packURL]/picks": () => [""],
  "/api/admin/groups": () => ["", q({ q: "crew" })],
};

/** next-auth's GET endpoints under its catch-all route. */
const AUTH_PATHS = ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers"];

/** Concrete URLs for every route from the values found so far (a route whose segments have no value yet gets none). */
function urlsFor(values: Values): string[] {
  const urls: string[] = [];
  for (const route of ROUTES) {
    if (route.pattern === "/api/auth/[...nextauth]") {
      urls.push(...AUTH_PATHS);
      continue;
    }
    const fill = (parts: string[]) =>
      route.params.reduce((p, param, i) => p.replace(`[${param}]`, encodeURIComponent(parts[i]!)), route.pattern);
    const paths =
      route.params.length > 1
        ? all(values, TUPLE(route.pattern), 40).map((tuple) => fill(JSON.parse(tuple) as string[]))
        : route.params.length === 1
          ? all(values, route.params[0]!, 20).map((value) => fill([value]))
          : [route.pattern];
    const queries = QUERIES[route.pattern]?.(values) ?? [""];
    for (const p of paths) for (const query of queries) urls.push(`${p}${query}`);
  }
  return urls;
}

// ------------------------------------------------------------------ the crawler

interface Visit {
  url: string;
  status: number;
  phones: string[];
}

// The standings pages (decision 062) link every player of a board and every week: 700 visits ran out
// before the receipts' generated URLs were reached.
const MAX_VISITS = 1000;
const MAX_PER_PATH = 6;
const TEXT_TYPES = /text\/|json|javascript|xml|svg/;

function linksIn(html: string, base: string): string[] {
  const links: string[] = [];
  // A page's link-preview picture (its share card, decision 067) is named in a meta tag, not a link.
  const previews = html.matchAll(/<meta (?:property|name)="(?:og:image|twitter:image)" content="([^"]+)"/g);
  for (const m of [...html.matchAll(/\b(?:href|src|action)="([^"]+)"/g), ...previews]) {
    const raw = m[1]!.replace(/&amp;/g, "&");
    try {
      const url = new URL(raw, base);
      if (url.origin === E2E.baseURL) links.push(`${url.pathname}${url.search}`);
    } catch {
      // not a URL
    }
  }
  return links;
}

function pathsInJson(json: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === "string" && /^\/(?!\/)\S*$/.test(node)) found.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") Object.values(node).forEach(walk);
  };
  walk(json);
  return found;
}

/** Crawls the app as whoever `request` is signed in as, filling dynamic routes as values turn up. */
async function crawl(request: APIRequestContext, known: Record<string, string[]> = {}): Promise<{ visits: Visit[]; covered: Set<string> }> {
  const values: Values = new Map();
  seedValues(values);
  for (const [name, list] of Object.entries(known)) for (const value of list) add(values, name, value);
  const visits: Visit[] = [];
  const seen = new Set<string>();
  const perPath = new Map<string, number>();
  const covered = new Set<string>();
  const queue: string[] = [];

  // Generated URLs are all crawled; followed links to one path are capped (pagination, filters).
  const enqueue = (url: string, generated = false) => {
    const { pathname, search } = new URL(url, E2E.baseURL);
    if (isAdmin(pathname) || pathname.startsWith("/_next/") || pathname === "/api/auth/signout") return;
    const key = `${pathname}${search}`;
    if (seen.has(key)) return;
    const count = perPath.get(pathname) ?? 0;
    if (!generated && search && count >= MAX_PER_PATH) return;
    perPath.set(pathname, count + 1);
    seen.add(key);
    queue.push(key);
  };

  for (;;) {
    for (const url of urlsFor(values)) enqueue(url, true);
    if (queue.length === 0) break;
    while (queue.length > 0 && visits.length < MAX_VISITS) {
      const url = queue.shift()!;
      const response = await request.get(url, { failOnStatusCode: false, maxRedirects: 0, timeout: 30_000 });
      const status = response.status();
      const pathname = new URL(url, E2E.baseURL).pathname;
      // A route counts as crawled once a real value reached it (not just "not found").
      const route = routeOf(pathname);
      if (route && status < 500 && (status !== 404 || NO_DEMO_DATA.has(route.pattern))) covered.add(route.pattern);
      harvestPath(values, pathname);
      const location = response.headers()["location"];
      if (location && status >= 300 && status < 400) {
        const target = new URL(location, new URL(url, E2E.baseURL));
        if (target.origin === E2E.baseURL) enqueue(`${target.pathname}${target.search}`, true);
      }
      const type = response.headers()["content-type"] ?? "";
      let body = "";
      if (TEXT_TYPES.test(type)) {
        body = await response.text();
        if (type.includes("html")) for (const link of linksIn(body, new URL(url, E2E.baseURL).href)) enqueue(link);
        if (type.includes("json")) {
          try {
            const json: unknown = JSON.parse(body);
            harvestJson(values, json);
            const asked = new URL(url, E2E.baseURL).searchParams.get("packURL");
            const receiptId = (json as { receiptId?: unknown }).receiptId;
            if (asked && typeof receiptId === "string") addTuple(values, "/packs/[packURL]/[receiptId]", [asked, receiptId]);
            for (const link of pathsInJson(json)) enqueue(link);
          } catch {
            // not JSON after all; still checked as text
          }
        }
      }
      visits.push({ url, status, phones: phonesIn(body + JSON.stringify(response.headers())) });
    }
    if (visits.length >= MAX_VISITS) break;
  }
  // PRIVACY_CRAWL_LOG=file lists every URL crawled (status, url, phones found), for debugging.
  if (process.env.PRIVACY_CRAWL_LOG) {
    const { appendFileSync } = await import("node:fs");
    appendFileSync(process.env.PRIVACY_CRAWL_LOG, visits.map((v) => `${v.status} ${v.url} ${v.phones.join(",")}`).join("\n") + "\n---\n");
  }
  return { visits, covered };
}

/** The members gate at /contests: a member's browser gets the contests (a cookie; nothing else changes). */
async function passMembersGate(request: APIRequestContext, clientAddress: string) {
  const password = seedSource.match(/DEMO_MEMBERS_PASSWORD = "([^"]+)"/)![1]!;
  const passwordID = seedSource.match(/DEMO_MEMBERS_PASSWORD_ID = "([^"]+)"/)![1]!;
  const answer = await request.post("/api/members/access", {
    data: { passwordID, password },
    headers: { "x-forwarded-for": clientAddress },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A head-to-head is linked only on its two players' /h2h page: ask one of them (a separate browser) for the ids. */
async function challengeIdsOf(browser: Browser, phone: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAs(page, phone, "/h2h");
    const uuid = /^\/h2h\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
    let ids: string[] = [];
    await expect
      .poll(async () => {
        const hrefs = await page.locator('a[href^="/h2h/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
        ids = hrefs.flatMap((href) => href.match(uuid)?.[1] ?? []);
        return ids.length;
      })
      .toBeGreaterThan(0);
    return ids;
  } finally {
    await context.close();
  }
}

/**
 * A group for the crawl (docs/decisions/066-groups.md): the player makes it, bullpen_betty joins by
 * its invite and picks a side on a pack that has not locked. Returns the values its routes are
 * crawled with, and what Betty picked, so the crawl can prove nobody sees it before the lock.
 */
async function groupForCrawl(browser: Browser, phone: string) {
  const tab = async (who: string) => {
    const page = await (await browser.newContext()).newPage();
    await signInAs(page, who, "/");
    return page;
  };
  const stamp = Date.now().toString(36);
  const packURL = `privacy-${stamp}`;
  const { propIds } = await buildOpenPack(
    await tab(E2E.adminPhone),
    {
      title: "Privacy Pack",
      packUrl: packURL,
      league: "nfl",
      openTime: new Date(Date.now() - 60_000),
      closeTime: new Date(Date.now() + 3_600_000),
    },
    [{ shortLabel: "Who wins?", sideAShort: "Secretside", sideBShort: "Otherside", sideATake: "Secret wins.", sideBTake: "Other wins." }],
  );
  const owner = await tab(phone);
  const created = await owner.request.post("/api/groups", { data: { name: `Privacy crew ${stamp}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { groupId, inviteToken } = (await created.json()) as { groupId: string; inviteToken: string };
  const betty = await tab("5555550102");
  expect((await betty.request.post("/api/groups/join", { data: { token: inviteToken } })).status()).toBe(200);
  const took = await betty.request.post(`/api/packs/${packURL}/takes`, {
    data: { takes: [{ propId: propIds[0], side: "A" }], idempotencyKey: randomUUID() },
  });
  expect(took.status(), await took.text()).toBe(200);
  return {
    known: {
      groupId: [groupId],
      token: [inviteToken],
      [TUPLE("/groups/[groupId]/packs/[packURL]")]: [JSON.stringify([groupId, packURL])],
      [TUPLE("/api/groups/[groupId]/packs/[packURL]/picks")]: [JSON.stringify([groupId, packURL])],
    },
    picksPath: `/groups/${groupId}/packs/${packURL}`,
    secret: "Secretside",
  };
}

function expectEveryRouteCrawled(covered: Set<string>) {
  const missing = ROUTES.map((r) => r.pattern).filter((pattern) => !covered.has(pattern));
  expect(missing, "routes the crawler found no real URL for").toEqual([]);
}

function expectNoServerErrors(visits: Visit[]) {
  expect(visits.filter((v) => v.status >= 500).map((v) => `${v.status} ${v.url}`)).toEqual([]);
}

// ------------------------------------------------------------------ tests

test.describe("privacy: phone numbers never reach anyone but their owner", () => {
  test.describe.configure({ timeout: 600_000 });

  test("the phone matcher knows every demo phone and recognises the ways a number is written", () => {
    expect(DEMO_PHONES).toEqual(
      expect.arrayContaining(["5555550100", "5555550101", "5555550102", "5555550103", "5555550104", "5555550105"]),
    );
    for (const written of [
      "+15555550102",
      "5555550102",
      "555-555-0102",
      "(555) 555-0102",
      "+1 (555) 555-0102",
      "1 555 555 0102",
      "555.555.0102",
      "%2B15555550102",
      "555&nbsp;555&nbsp;0102",
    ]) {
      expect(phonesIn(`<p>Mobile: ${written}</p>`), written).toEqual(["5555550102"]);
    }
    for (const other of ["55555501020", "25555550102", "5555550199", "555-555-01023"]) expect(phonesIn(other), other).toEqual([]);
  });

  test("every route is on disk and every query-reading API route has real query values here", () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    const readsQuery = ROUTES.filter((r) => r.kind === "api" && /readQuery|searchParams/.test(r.source)).map((r) => r.pattern);
    expect(readsQuery.filter((pattern) => !QUERIES[pattern])).toEqual([]);
  });

  test("a visitor crawling every page and API answer sees no phone number", async ({ page, browser }) => {
    const challengeId = await challengeIdsOf(browser, PLAYER.phone);
    const group = await groupForCrawl(browser, PLAYER.phone);
    await passMembersGate(page.request, "203.0.113.61");
    const { visits, covered } = await crawl(page.request, { challengeId, ...group.known });
    test.info().annotations.push({ type: "crawled", description: `${visits.length} URLs as a visitor` });
    expectEveryRouteCrawled(covered);
    expectNoServerErrors(visits);
    expect(visits.filter((v) => v.phones.length).map((v) => `${v.url}: ${v.phones.join(", ")}`)).toEqual([]);
  });

  test("a signed-in player sees their own phone only on their own pages and nobody else's anywhere", async ({ page, browser }) => {
    const group = await groupForCrawl(browser, PLAYER.phone);
    await signInAs(page, PLAYER.phone, "/");
    await passMembersGate(page.request, "203.0.113.62");
    const { visits, covered } = await crawl(page.request, group.known);
    test.info().annotations.push({ type: "crawled", description: `${visits.length} URLs as @${PLAYER.handle}` });
    expectEveryRouteCrawled(covered);
    expectNoServerErrors(visits);

    const ownPages = new Set([`/profile/${PLAYER.handle}`, "/api/auth/session"]);
    const isOwn = (url: string) => ownPages.has(new URL(url, E2E.baseURL).pathname.toLowerCase());
    const leaks = visits.flatMap((v) =>
      v.phones.filter((digits) => digits !== PLAYER.phone || !isOwn(v.url)).map((digits) => `${v.url}: ${digits}`),
    );
    expect(leaks).toEqual([]);
    // The crawler really reads the player's own phone where it belongs, so the check above can see one.
    const ownProfile = visits.find((v) => new URL(v.url, E2E.baseURL).pathname === `/profile/${PLAYER.handle}` && v.status === 200);
    expect(ownProfile?.phones).toEqual([PLAYER.phone]);
    // No pick before its lock: a group member's picks page and its API name none of Betty's sides.
    const picksPage = await page.request.get(group.picksPath);
    expect(picksPage.status()).toBe(200);
    const html = await picksPage.text();
    expect(html).toContain("Picks show at lock");
    expect(html).not.toContain(group.secret);
    const picksApi = await page.request.get(`/api${group.picksPath}/picks`);
    expect(await picksApi.text()).not.toContain('"A"');
  });
});
