#!/usr/bin/env node
// `npm run screenshots [-- --rebuild] [pattern]` (issue 23): every page of the app, on the
// offline demo, as a full-page PNG at 375 px (a phone: touch, isMobile) and at
// 1280 px, in screenshots/375/ and screenshots/1280/ (SCREENSHOTS_DIR), for
// people to look at. Git ignores the folder.
//
// The pages are the page.tsx files under src/app, read from disk the way the
// accessibility sweep reads them (tests/e2e/a11y-sweep.spec.ts), so a new page
// is shot without editing this file. A dynamic segment ([packURL], ...) is
// filled with a demo URL found in the running app (DYNAMIC_URLS below); a route
// that cannot be filled is reported at the end, not skipped in silence.
//
// Who looks: /admin/** the demo admin (555) 555-0100; /login a visitor; every
// other page the demo player (555) 555-0101 (gridiron_gus, past the members
// gate) and a visitor (files ending in "--visitor"). Both sign in through the
// login page with the code the app texted to the SMS log, as the browser
// tests' signInAs does (tests/e2e/helpers.ts).
//
// Needs a production build: builds with scripts/build.mjs when .next (or
// NEXT_DIST_DIR) has none; --rebuild builds first anyway. Starts its own
// `next start` (scripts/server-command.mjs) on a free port with `npm start`'s
// settings and a fresh embedded demo database in a temp directory, and stops
// it at the end, on an error or on Ctrl-C.
//
// A pattern (a regular expression) shoots only the URLs it matches, e.g.
// `npm run screenshots -- '^/packs'`.
//
// Prints one line per page and a summary. Exit status: 0 when every page was
// shot or reported, 1 when a page answered 500 or more, 2 when the server
// could not start (or the browser could not be launched).
//
// Env: SCREENSHOTS_DIR (default screenshots/), CHROMIUM_PATH (default Debian's
// /usr/bin/chromium), SCREENSHOTS_PORT (default: a free port), NEXT_DIST_DIR,
// SCREENSHOTS_ONLINE=1 (let the browser reach other sites: the demo's team logos
// come from ESPN; by default every other host is refused, as offline).
/* global document -- the page.evaluate callbacks run in the browser */
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serverCommand } from "./server-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const APP_DIR = path.join(root, "src", "app");

/** The two widths: a phone (touch, isMobile) and a laptop. */
export const VIEWPORTS = [
  { name: "375", viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  { name: "1280", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
];

export const DEMO_ADMIN_PHONE = "5555550100";
export const DEMO_PLAYER_PHONE = "5555550101";
// The demo members gate (README "Using it": the demo's password is `letmein`).
const MEMBERS_GATE = { passwordID: "beta-members", password: "letmein" };

/** Route patterns of every page.tsx under `dir` ("/packs/[packURL]"), route groups and slots left out, sorted. */
export function pageRoutes(dir = APP_DIR, segments = []) {
  const routes = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name === "api") continue;
      const visible = /^\(.*\)$/.test(entry.name) || entry.name.startsWith("@") ? segments : [...segments, entry.name];
      routes.push(...pageRoutes(path.join(dir, entry.name), visible));
    } else if (/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) {
      routes.push(`/${segments.join("/")}`);
    }
  }
  return routes.sort();
}

/**
 * The URLs a dynamic route is shot at, from the demo values found in the
 * running app (discoverDemo). A static route needs no entry: it is shot at its
 * own path. A dynamic route without an entry, or whose demo value was not
 * found, is reported as not filled. A URL is named after its path
 * ("packs-giants-commanders-week-12"); where the path holds an id the fresh
 * database makes up anew on every run, `named` gives it a name that stays the
 * same from run to run, so two runs' folders can be compared file by file.
 */
const named = (url, name) => (url ? { url, name } : "");
export const DYNAMIC_URLS = {
  "/admin/contests/[contestID]": (d) => [d.adminContestPath],
  "/admin/grade/[packURL]": (d) => [d.closedPackURL && `/admin/grade/${d.closedPackURL}`],
  "/admin/items/[itemID]": (d) => [named(d.adminItemPath, "admin-items-itemID")],
  "/admin/packs/[packId]": (d) => [named(d.adminPackPath, "admin-packs-packId"), named(d.adminGradedPackPath, "admin-packs-packId-graded")],
  "/admin/players/[profileId]": (d) => [named(d.adminPlayerPath, "admin-players-profileId")],
  "/admin/props/[propId]": (d) => [named(d.adminPropPath, "admin-props-propId")],
  "/admin/series/[seriesID]": (d) => [d.adminSeriesPath],
  "/contests/[contestID]": (d) => [d.contestSlug && `/contests/${d.contestSlug}`],
  // A group the demo player makes for the shots (docs/decisions/066-groups.md), its picks on the open pack and its invite.
  "/groups/[groupId]": (d) => [named(d.groupPath, "groups-groupId")],
  "/groups/[groupId]/packs/[packURL]": (d) => [
    named(d.groupPath && d.openPackURL && `${d.groupPath}/packs/${d.openPackURL}`, "groups-groupId-packs-packURL"),
  ],
  "/groups/[groupId]/week": (d) => [named(d.groupPath && `${d.groupPath}/week`, "groups-groupId-week")],
  "/groups/[groupId]/rivals": (d) => [named(d.groupPath && `${d.groupPath}/rivals`, "groups-groupId-rivals")],
  "/groups/join/[token]": (d) => [named(d.invitePath, "groups-join-token")],
  "/contests/[contestID]/standings": (d) => [d.contestSlug && `/contests/${d.contestSlug}/standings`],
  "/h2h/[challengeId]": (d) => [named(d.challengePath, "h2h-challengeId")],
  "/packs/[packURL]": (d) => [d.openPackURL && `/packs/${d.openPackURL}`, d.closedPackURL && `/packs/${d.closedPackURL}`],
  "/packs/[packURL]/[receiptId]": (d) => [named(d.receiptPath, d.closedPackURL && `packs-${d.closedPackURL}-receiptId`)],
  "/profile/[profileID]": (d) => [d.ownHandle && `/profile/${d.ownHandle}`],
  "/profile/[profileID]/badges": (d) => [named(d.ownHandle && `/profile/${d.ownHandle}/badges`, "profile-profileID-badges")],
  "/series/[slug]": (d) => [d.seriesSlug && `/series/${d.seriesSlug}`],
  "/teams/[teamSlug]": (d) => [d.teamSlug && `/teams/${d.teamSlug}`],
};

/** Extra URLs of static routes worth a second look (the challenge form with a pack and an opponent chosen). */
const EXTRA_URLS = {
  "/h2h/new": (d) => [d.openPackURL && d.otherHandle && `/h2h/new?pack=${d.openPackURL}&opponent=${d.otherHandle}`],
};

/** Who looks at a route: the admin at /admin/**, a visitor at /login, the demo player and a visitor elsewhere. */
export function rolesFor(route) {
  if (route === "/admin" || route.startsWith("/admin/")) return ["admin"];
  if (route === "/login") return ["visitor"];
  return ["player", "visitor"];
}

/**
 * The file name (without .png) for a URL: "/packs/giants-commanders-week-12" →
 * "packs-giants-commanders-week-12", "/" → "home", or the name given; a
 * visitor's copy of a page the player sees too ends in "--visitor".
 */
export function shotName(url, role, roles, name) {
  const { pathname, searchParams } = new URL(url, "http://x");
  const parts = [...pathname.split("/"), ...searchParams.values()].filter(Boolean);
  const slug = (name || parts.join("-")).replace(/[^\w.-]+/g, "_") || "home";
  return role === "visitor" && roles.length > 1 ? `${slug}--visitor` : slug;
}

/**
 * What the script visits: for every route on disk, each URL in each role, with
 * its file name; and the dynamic routes it could not fill (no DYNAMIC_URLS
 * entry, or a demo value not found).
 */
export function planVisits(routes, demo) {
  const visits = [];
  const unfilled = [];
  for (const route of routes) {
    const dynamic = route.includes("[");
    const fill = DYNAMIC_URLS[route];
    if (dynamic && !fill) {
      unfilled.push({ route, why: "no demo URL for it in DYNAMIC_URLS (scripts/screenshots.mjs)" });
      continue;
    }
    const urls = dynamic ? fill(demo) : [route, ...(EXTRA_URLS[route]?.(demo) ?? [])];
    const found = urls
      .map((entry) => (typeof entry === "string" ? { url: entry } : entry))
      .filter((entry) => entry?.url && !entry.url.includes("["));
    if (found.length === 0) {
      unfilled.push({ route, why: "its demo value was not found in the running app" });
      continue;
    }
    const roles = rolesFor(route);
    for (const role of roles) for (const { url, name } of found) visits.push({ route, url, role, name: shotName(url, role, roles, name) });
  }
  return { visits, unfilled };
}

// ---------------------------------------------------------------------------
// Running it

const cleanups = [];
let cleaning = null;
let stopping = false;
/** Closes the browser, stops the server and removes the temp directory, once, whoever asks first (the end, an error, Ctrl-C). */
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()();
      } catch (error) {
        console.error("cleanup:", error.message);
      }
    }
  })();
  return cleaning;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds when there is no build (or --rebuild); says when an existing build is older than src/. */
function ensureBuild(rebuild) {
  const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
  const buildId = path.join(distDir, "BUILD_ID");
  const missing = !existsSync(buildId);
  if (missing || rebuild) {
    console.log(
      missing
        ? `No production build in ${path.relative(root, distDir)}: building it first (node scripts/build.mjs)…`
        : "--rebuild: building first (node scripts/build.mjs)…",
    );
    // `next build` into another NEXT_DIST_DIR rewrites tsconfig.json's include list and next-env.d.ts for
    // that folder; both are put back, so the tree is left unchanged.
    const saved = ["tsconfig.json", "next-env.d.ts"]
      .map((name) => path.join(root, name))
      .filter((file) => existsSync(file))
      .map((file) => [file, readFileSync(file, "utf8")]);
    const build = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
    for (const [file, text] of saved) if (readFileSync(file, "utf8") !== text) writeFileSync(file, text);
    if (build.status !== 0) throw new StartError(`the build failed (exit ${build.status})`);
    return;
  }
  const built = statSync(buildId).mtimeMs;
  if ([path.join(root, "src"), path.join(root, "drizzle")].some((dir) => newestMtime(dir) > built)) {
    console.log(
      `Note: ${path.relative(root, distDir)} is older than src/ or drizzle/: the pages below are the built ones (pass --rebuild for the current sources).`,
    );
  }
}

class StartError extends Error {}

async function waitFor(url, exited, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let serverGone = false;
  exited.then(() => (serverGone = true));
  while (Date.now() < deadline) {
    if (serverGone) throw new StartError("the server exited before it was ready");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new StartError(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** `next start` with npm start's settings (scripts/start.mjs) on a fresh embedded demo database in a temp directory. */
async function startServer(port) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), "takes-screenshots-"));
  cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const smsLogFile = path.join(runDir, "sms.log");
  const serverLog = path.join(runDir, "server.log");
  const server = spawn(...serverCommand(["-p", String(port), "-H", "127.0.0.1"]), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      // The embedded database, even when the shell has a DATABASE_URL.
      DATABASE_URL: "",
      DATA_DIR: path.join(runDir, "data"),
      SEED_ON_START: "1",
      NEXTAUTH_SECRET: "screenshots-secret-0123456789abcdef0123",
      NEXTAUTH_URL: base,
      SMS_TRANSPORT: "log",
      SMS_ALLOW_LOG_IN_PRODUCTION: "1",
      SMS_LOG_FILE: smsLogFile,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(serverLog);
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  cleanups.push(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  });
  try {
    await waitFor(`${base}/api/health`, exited);
  } catch (error) {
    await new Promise((r) => log.end(r));
    const tail = existsSync(serverLog) ? readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n") : "";
    if (tail.trim()) console.error(`--- the server's last lines ---\n${tail}`);
    throw error;
  }
  return { base, smsLogFile };
}

/** Waits for a fresh sign-in code for the phone in the SMS log (JSON lines {to, body, at}). */
async function codeFor(phoneDigits, smsLogFile, after) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const lines = existsSync(smsLogFile) ? readFileSync(smsLogFile, "utf8").split("\n").filter(Boolean) : [];
    const code = lines
      .map((line) => JSON.parse(line))
      .filter((m) => m.to.replace(/\D/g, "").endsWith(phoneDigits) && Date.parse(m.at) >= after)
      .at(-1)
      ?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no sign-in code reached ${phoneDigits} in the SMS log`);
}

/** Signs in through the login page with the code the app texted, as tests/e2e/helpers.ts signInAs does. */
async function signIn(page, phoneDigits, smsLogFile) {
  const startedAt = Date.now() - 1_000;
  await page.goto("/login?redirect=%2Fleaderboard");
  await page.getByLabel(/enter your phone/i).fill(phoneDigits);
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel(/6-digit code/i).fill(await codeFor(phoneDigits, smsLogFile, startedAt));
  await page.getByRole("button", { name: /verify/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 30_000 });
  await page.getByTestId("profile-pill").waitFor({ timeout: 30_000 });
}

/** The first link on `url` whose href matches, once the page has rendered it ("" when none shows within 20 s). */
async function hrefOn(page, url, pattern) {
  await page.goto(url);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const found = hrefs.find((href) => pattern.test(href));
    if (found) return found;
    await page.waitForTimeout(500);
  }
  return "";
}

async function getJson(page, url) {
  const response = await page.request.get(url);
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}`);
  return response.json();
}

/**
 * Values for the dynamic segments, found in the demo data through public
 * answers and links, as the accessibility sweep's discoverDemo does. A value
 * that cannot be found stays "" (its pages are reported as not filled) and
 * the reason is kept in `problems`.
 */
async function discoverDemo(admin, player) {
  const demo = {};
  const problems = [];
  const find = async (key, how) => {
    try {
      demo[key] = (await how()) ?? "";
    } catch (error) {
      demo[key] = "";
      problems.push(`${key}: ${error.message.split("\n")[0]}`);
    }
    if (!demo[key] && !problems.some((p) => p.startsWith(`${key}:`))) problems.push(`${key}: not found`);
  };
  const last = (href) => href.split("/").pop() ?? "";

  await find("openPackURL", async () => (await getJson(player, "/api/packs?view=Open")).packs[0]?.packURL);
  // A closed pack with a public receipt: the first whose leaderboard leader has one.
  await find("receiptPath", async () => {
    for (const { packURL } of (await getJson(player, "/api/packs?view=Closed")).packs) {
      const handle = (await getJson(player, `/api/leaderboard?scope=pack&key=${packURL}`)).rows[0]?.handle;
      if (!handle) continue;
      const { receiptId } = await getJson(player, `/api/receipts/resolve?packURL=${packURL}&profileID=${handle}`);
      if (!receiptId) continue;
      demo.closedPackURL = packURL;
      return `/packs/${packURL}/${receiptId}`;
    }
    return "";
  });
  if (!demo.closedPackURL) await find("closedPackURL", async () => (await getJson(player, "/api/packs?view=Closed")).packs[0]?.packURL);
  await find("ownHandle", async () => {
    await player.goto("/leaderboard");
    return last((await player.getByTestId("profile-pill").getAttribute("href")) ?? "");
  });
  await find(
    "otherHandle",
    async () => (await getJson(player, "/api/leaderboard?scope=all")).rows.find((row) => row.handle !== demo.ownHandle)?.handle,
  );
  await find("teamSlug", async () => demo.openPackURL && last(await hrefOn(player, `/packs/${demo.openPackURL}`, /^\/teams\/[\w-]+$/)));
  await find("challengePath", () => hrefOn(player, "/h2h", /^\/h2h\/(?!new\b)[\w-]+$/));
  await find("contestSlug", async () => last(await hrefOn(player, "/contests", /^\/contests\/[\w-]+$/)));
  await find("seriesSlug", async () => last(await hrefOn(admin, "/admin/series", /^\/series\/[\w-]+$/)));
  await find("adminSeriesPath", () => hrefOn(admin, "/admin/series", /^\/admin\/series\/(?!new$)[\w-]+$/));
  await find("adminContestPath", () => hrefOn(admin, "/admin/contests", /^\/admin\/contests\/(?!new$)[\w-]+$/));
  await find("adminItemPath", () => hrefOn(admin, "/admin/items", /^\/admin\/items\/(?!new$)[\w-]+$/));
  await find("adminPackPath", () => hrefOn(admin, "/admin/packs", /^\/admin\/packs\/(?!new$)[\w-]+$/));
  await find("adminGradedPackPath", async () => {
    const id = (await getJson(admin, "/api/admin/packs?statuses=graded&limit=1")).packs[0]?.id;
    return id ? `/admin/packs/${id}` : "";
  });
  await find("adminPropPath", () => hrefOn(admin, "/admin/props", /^\/admin\/props\/[\w-]+$/));
  await find("adminPlayerPath", () => hrefOn(admin, "/admin/players", /^\/admin\/players\/[\w-]+$/));
  await find("groupPath", async () => {
    const made = await player.request.post("/api/groups", { data: { name: "Sunday Crew", picture: true } });
    const { url, inviteToken } = await made.json();
    demo.invitePath = inviteToken ? `/groups/join/${inviteToken}` : "";
    return url;
  });
  return { demo, problems };
}

/**
 * Lets the page settle before the shot: network idle, lazy images made eager
 * and loaded, fonts ready, and dialogs that opened by themselves (the feed's
 * pack-active popup) closed with Escape. Returns how many it closed.
 */
async function settle(page) {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  const waitInPage = page.evaluate(async () => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) img.loading = "eager";
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete
          ? null
          : new Promise((resolve) => ["load", "error"].forEach((type) => img.addEventListener(type, resolve, { once: true }))),
      ),
    );
    await document.fonts.ready;
  });
  await Promise.race([waitInPage, page.waitForTimeout(10_000)]).catch(() => {});
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  // A dialog that opens once the session has loaded may come a moment after the network is idle.
  await page.waitForTimeout(250);
  let closed = 0;
  const dialogs = page.getByRole("dialog");
  for (let round = 0; round < 5 && (await dialogs.count()) > 0; round++) {
    const before = await dialogs.count();
    await page.keyboard.press("Escape");
    await page.waitForFunction((n) => document.querySelectorAll('[role="dialog"]').length < n, before, { timeout: 3_000 }).catch(() => {});
    closed++;
  }
  return closed;
}

/** Loads `url` in `page` and writes its full-page PNG. */
async function shoot(page, url, file) {
  const started = Date.now();
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: 45_000 });
    const status = response?.status() ?? 0;
    const closed = await settle(page);
    mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide", timeout: 30_000 });
    const landed = new URL(page.url());
    const wanted = new URL(url, landed);
    const moved = landed.pathname !== wanted.pathname ? landed.pathname + landed.search : "";
    return { status, closed, moved, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, error: error.message.split("\n")[0], ms: Date.now() - started };
  }
}

async function main() {
  const startedAt = Date.now();
  const rebuild = process.argv.includes("--rebuild");
  const pattern = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const only = pattern ? new RegExp(pattern) : null;
  const outDir = path.resolve(root, process.env.SCREENSHOTS_DIR || "screenshots");
  ensureBuild(rebuild);

  const port = process.env.SCREENSHOTS_PORT ? Number(process.env.SCREENSHOTS_PORT) : await freePort();
  console.log(`Starting the server on a fresh embedded demo database (port ${port})…`);
  const { base, smsLogFile } = await startServer(port);
  console.log(
    `Server ready, ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the start; screenshots go to ${path.relative(root, outDir) || "."}/`,
  );

  let browser;
  try {
    const { chromium } = await import("@playwright/test");
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Ours to handle: Playwright's own Ctrl-C handler would close the browser and exit at once,
      // leaving the server running and the temp directory behind.
      handleSIGINT: false,
      handleSIGTERM: false,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The offline demo: every other host (the ESPN logos of the demo data) is "not found" at once, so
        // the pages look the same with or without a network, and no shot waits on a lookup that times out.
        ...(process.env.SCREENSHOTS_ONLINE === "1" ? [] : ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]),
      ],
    });
  } catch (error) {
    throw new StartError(`could not launch Chromium: ${error.message.split("\n")[0]}`);
  }
  cleanups.push(() => browser.close());

  // Per role, one context (and tab) per width. Sign-in happens at 1280 px; the phone context gets its cookies.
  const roles = {};
  const roleProblems = [];
  for (const role of ["visitor", "player", "admin"]) {
    const contexts = await Promise.all(
      VIEWPORTS.map((v) =>
        browser.newContext({
          baseURL: base,
          viewport: v.viewport,
          isMobile: v.isMobile,
          hasTouch: v.hasTouch,
          deviceScaleFactor: v.deviceScaleFactor,
        }),
      ),
    );
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    const [, desktop] = pages;
    try {
      if (role !== "visitor") await signIn(desktop, role === "admin" ? DEMO_ADMIN_PHONE : DEMO_PLAYER_PHONE, smsLogFile);
      if (role === "player") {
        const gate = await desktop.request.post("/api/members/access", { data: MEMBERS_GATE });
        if (!gate.ok()) roleProblems.push(`player: the members gate answered ${gate.status()} (contest pages show the lock)`);
      }
      await contexts[0].addCookies(await contexts[1].cookies());
      roles[role] = { pages, ok: true };
    } catch (error) {
      roleProblems.push(`${role}: could not sign in (${error.message.split("\n")[0]}); its pages are not shot`);
      roles[role] = { pages, ok: false };
    }
  }

  const discovered =
    roles.player.ok && roles.admin.ok
      ? await discoverDemo(roles.admin.pages[1], roles.player.pages[1])
      : { demo: {}, problems: ["no demo values: a sign-in failed"] };
  const planned = planVisits(pageRoutes(), discovered.demo);
  const visits = only ? planned.visits.filter((visit) => only.test(visit.url)) : planned.visits;
  const { unfilled } = planned;
  if (only) console.log(`Only URLs matching ${only}: ${visits.length} of ${planned.visits.length} page visits`);

  // A full run replaces the last one's PNGs, so a page that is gone leaves no picture behind.
  if (!only) for (const v of VIEWPORTS) rmSync(path.join(outDir, v.name), { recursive: true, force: true });
  const rows = [];
  for (const visit of visits) {
    if (stopping) break;
    const { pages, ok } = roles[visit.role];
    if (!ok) {
      rows.push({ ...visit, skipped: true });
      console.log(`${visit.url}  ${visit.role}  NOT SHOT (the ${visit.role} could not sign in)`);
      continue;
    }
    // Both widths at once: two tabs of the same role.
    const shots = await Promise.all(VIEWPORTS.map((v, i) => shoot(pages[i], visit.url, path.join(outDir, v.name, `${visit.name}.png`))));
    const files = VIEWPORTS.map((v) => `${v.name}/${visit.name}.png`);
    rows.push({ ...visit, shots });
    const statuses = [...new Set(shots.map((s) => s.status || "error"))].join("/");
    const notes = [
      ...new Set(
        shots.flatMap((s, i) => [
          s.error ? `${VIEWPORTS[i].name} px: ${s.error}` : "",
          s.moved ? `landed on ${s.moved}` : "",
          s.closed ? `closed ${s.closed} dialog(s) that opened by itself` : "",
        ]),
      ),
    ].filter(Boolean);
    const seconds = (Math.max(...shots.map((s) => s.ms)) / 1000).toFixed(1);
    console.log(
      `${visit.url}  ${visit.role}  ${statuses}  ${files.join("  ")}  ${seconds} s${notes.length ? `  (${notes.join("; ")})` : ""}`,
    );
  }

  const shot = rows.filter((r) => r.shots && r.shots.every((s) => !s.error));
  const serverErrors = rows.filter((r) => r.shots?.some((s) => s.status >= 500));
  const otherStatus = rows.filter((r) => r.shots?.some((s) => s.status && s.status !== 200 && s.status < 500));
  const failed = rows.filter((r) => r.skipped || r.shots?.some((s) => s.error));
  console.log("");
  console.log(
    `Screenshots: ${shot.length} of ${visits.length} page visits shot at ${VIEWPORTS.map((v) => `${v.name} px`).join(" and ")} ` +
      `(${shot.length * VIEWPORTS.length} PNGs in ${path.relative(root, outDir) || "."}/) covering ${new Set(visits.map((v) => v.route)).size} of ${pageRoutes().length} page routes, ` +
      `in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`,
  );
  for (const route of unfilled) console.log(`NOT FILLED ${route.route}: ${route.why}`);
  for (const problem of [...roleProblems, ...discovered.problems]) console.log(`PROBLEM ${problem}`);
  for (const row of failed) console.log(`NOT SHOT ${row.url} (${row.role})`);
  for (const row of otherStatus) console.log(`ANSWERED ${row.shots.map((s) => s.status).join("/")} ${row.url} (${row.role})`);
  for (const row of serverErrors) console.log(`SERVER ERROR ${row.shots.map((s) => s.status).join("/")} ${row.url} (${row.role})`);
  return serverErrors.length ? 1 : 0;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the server…`);
      await cleanup();
      process.exit(130);
    });
  }
  let status = 0;
  try {
    status = await main();
  } catch (error) {
    if (!stopping) console.error(`screenshots: ${error instanceof StartError ? "could not start" : "failed"}: ${error.message}`);
    status = 2;
  } finally {
    await cleanup();
  }
  process.exit(status);
}
