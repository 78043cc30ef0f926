#!/usr/bin/env node
// `npm run screenshots`: every page of the offline demo at 375 px and 1280 px,
// as PNGs under screenshots/ (git-ignored), for people to look at.
//
// Builds first only when there is no build (NEXT_DIST_DIR or .next), then runs
// the production server (serverCommand, as deployed) on a throwaway embedded
// database seeded with the demo world, and visits each page signed out, then
// the signed-in ones as the demo admin. Prints, per page, any image that did
// not load. Uses the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
//
// Env: SCREENSHOTS_DIR (default screenshots), SCREENSHOTS_ONLY (a substring of
// the page names to keep, e.g. "feed"), CHROMIUM_PATH.
/* global document -- the functions given to page.evaluate run in the browser */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { serverCommand } from "./server-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
const outDir = path.resolve(root, process.env.SCREENSHOTS_DIR || "screenshots");
const only = process.env.SCREENSHOTS_ONLY ?? "";
const ADMIN_PHONE = "5555550100";
const WIDTHS = [
  { name: "375", width: 375, height: 812 },
  { name: "1280", width: 1280, height: 800 },
];

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) await step();
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log(`No build in ${path.relative(root, distDir)}: building first (scripts/build.mjs).`);
  const build = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
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

async function waitFor(url, exited, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error("The server exited before it was ready");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function startServer() {
  const port = await freePort();
  const runDir = mkdtempSync(path.join(os.tmpdir(), "takes-screenshots-"));
  cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const smsLogFile = path.join(runDir, "sms.log");
  const server = spawn(...serverCommand(["-p", String(port), "-H", "127.0.0.1"]), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: "",
      DATA_DIR: path.join(runDir, "data"),
      SEED_ON_START: "1",
      NEXTAUTH_SECRET: "screenshots-secret-0123456789abcdef0123",
      NEXTAUTH_URL: base,
      SMS_TRANSPORT: "log",
      SMS_ALLOW_LOG_IN_PRODUCTION: "1",
      SMS_LOG_FILE: smsLogFile,
      ADMIN_PHONES: ADMIN_PHONE,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  cleanups.push(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  });
  await waitFor(`${base}/api/health`, exited);
  return { base, smsLogFile };
}

/** Signs the demo admin in over HTTP inside `context` (its cookie jar), with the code from the SMS log. */
async function signInAdmin(context, base, smsLogFile) {
  const startedAt = Date.now() - 1_000;
  const sent = await context.request.post(`${base}/api/sendCode`, { data: { phone: ADMIN_PHONE } });
  if (!sent.ok()) throw new Error(`sendCode answered ${sent.status()}: ${await sent.text()}`);
  let code = "";
  for (let i = 0; i < 40 && !code; i++) {
    const texts = existsSync(smsLogFile)
      ? readFileSync(smsLogFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line))
      : [];
    const mine = texts.filter((t) => t.to.replace(/\D/g, "").endsWith(ADMIN_PHONE) && Date.parse(t.at) >= startedAt);
    code = mine.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] ?? "";
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  if (!code) throw new Error("No sign-in code reached the SMS log");
  const { csrfToken } = await (await context.request.get(`${base}/api/auth/csrf`)).json();
  await context.request.post(`${base}/api/auth/callback/credentials`, {
    form: { phone: ADMIN_PHONE, code, csrfToken, callbackUrl: `${base}/`, json: "true" },
    maxRedirects: 0,
  });
  const cookies = await context.cookies();
  if (!cookies.some((c) => c.name.endsWith("next-auth.session-token"))) throw new Error("The admin sign-in was refused");
}

/** The first link on `url` whose path starts with `prefix`, or null. */
async function firstLink(page, url, prefix) {
  await page.goto(url);
  return page.evaluate((p) => {
    const link = Array.from(document.querySelectorAll("a[href]")).find((a) => new URL(a.href).pathname.startsWith(p) && new URL(a.href).pathname !== p);
    return link ? new URL(link.href).pathname + new URL(link.href).search : null;
  }, prefix);
}

/** Waits until the page's images have settled (lazy ones scrolled into view by the full-page capture). */
async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = "eager";
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((r) => { img.addEventListener("load", r, { once: true }); img.addEventListener("error", r, { once: true }); setTimeout(r, 5_000); }),
      ),
    );
    await document.fonts?.ready;
  });
}

async function brokenImages(page) {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.currentSrc && img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc),
  );
}

async function shoot(context, pages) {
  const page = await context.newPage();
  let problems = 0;
  for (const { name, url } of pages) {
    if (!url || (only && !name.includes(only))) continue;
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const response = await page.goto(url);
      await settle(page);
      const file = path.join(outDir, size.name, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const broken = await brokenImages(page);
      const status = response?.status() ?? 0;
      const note = [status >= 400 ? `HTTP ${status}` : "", broken.length ? `${broken.length} image(s) failed: ${broken.join(" ")}` : ""].filter(Boolean).join("; ");
      if (note) problems++;
      console.log(`  ${size.name.padStart(4)} ${name.padEnd(28)} ${url}${note ? `  !! ${note}` : ""}`);
    }
  }
  await page.close();
  return problems;
}

let exitCode = 0;
try {
  // A full run replaces the last one; a SCREENSHOTS_ONLY run keeps the other pages' pictures.
  if (!only) rmSync(outDir, { recursive: true, force: true });
  for (const size of WIDTHS) mkdirSync(path.join(outDir, size.name), { recursive: true });
  const { base, smsLogFile } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  cleanups.push(() => browser.close());

  const visitor = await browser.newContext({ baseURL: base });
  const scout = await visitor.newPage();
  const openPack = "/packs/phillies-mets-tonight";
  const gradedPack = "/packs/eagles-cowboys-week-12";
  const teamPage = await firstLink(scout, openPack, "/teams/");
  const profilePage = await firstLink(scout, "/leaderboard", "/profile/");
  const { items } = await (await visitor.request.get(`${base}/api/marketplace/items`)).json();
  const redeemPage = items?.[0] ? `/redeem?itemID=${items[0].itemID}` : null;
  await scout.close();

  console.log(`Screenshots of ${base} into ${path.relative(root, outDir) || "."}/{375,1280}/`);
  console.log("Signed out:");
  exitCode += await shoot(visitor, [
    { name: "feed", url: "/" },
    { name: "packs", url: "/packs" },
    { name: "pack-open", url: openPack },
    { name: "pack-doubleheader", url: "/packs/ravens-steelers-week-12" },
    { name: "pack-graded", url: gradedPack },
    { name: "leaderboard", url: "/leaderboard" },
    { name: "team", url: teamPage },
    { name: "series", url: "/series/eagles-season" },
    { name: "marketplace", url: "/marketplace" },
    { name: "redeem", url: redeemPage },
    { name: "contests", url: "/contests" },
    { name: "h2h", url: "/h2h" },
    { name: "profile", url: profilePage },
    { name: "sign-in", url: "/login" },
  ]);

  const admin = await browser.newContext({ baseURL: base });
  await signInAdmin(admin, base, smsLogFile);
  console.log("Signed in as the demo admin:");
  exitCode += await shoot(admin, [
    { name: "signed-in-feed", url: "/" },
    { name: "signed-in-pack-graded", url: gradedPack },
    { name: "signed-in-h2h", url: "/h2h" },
    { name: "signed-in-h2h-new", url: "/h2h/new" },
    { name: "signed-in-marketplace", url: "/marketplace" },
    { name: "signed-in-redeem", url: redeemPage },
    { name: "admin", url: "/admin" },
    { name: "admin-packs", url: "/admin/packs" },
    { name: "admin-props", url: "/admin/props" },
    { name: "admin-grade-props", url: "/admin/gradeProps" },
    { name: "admin-grade-pack", url: "/admin/grade/chiefs-bills-week-12" },
    { name: "admin-events", url: "/admin/events" },
    { name: "admin-teams", url: "/admin/teams" },
    { name: "admin-players", url: "/admin/players" },
    { name: "admin-items", url: "/admin/items" },
    { name: "admin-series", url: "/admin/series" },
    { name: "admin-contests", url: "/admin/contests" },
    { name: "admin-promo-links", url: "/admin/promo-links" },
    { name: "admin-api-tester", url: "/admin/api-tester" },
  ]);
  console.log(exitCode ? `${exitCode} page(s) with problems (see !! above).` : "Every page answered and every image loaded.");
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode ? 1 : 0);
