import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Request } from "@playwright/test";
import { HTML_LIMITED_BOT_UA_RE } from "next/dist/shared/lib/router/utils/html-bots.js";
import { clientReferenceManifests, readClientReferenceManifest } from "../../scripts/compile-hints.mjs";
import { isBot } from "../../src/front-door/bots";
import { signInAs } from "./helpers";
import { NAVIGATION_HEADERS, VARY } from "../../src/front-door/page-cache";
import { readRoutesManifest, routeLabeler } from "../../src/front-door/request-context";

// The Next-upgrade canary (docs/decisions/052-one-owned-server.md): every part of Next that is not
// its documented API and that our code relies on, checked in one test against the build under test
// and a real navigation in Chromium. After a Next upgrade this is the one place that fails, and its
// message names each internal that moved and the file of ours that reads it. Everything else we use
// of Next is documented API: `next()` / `prepare()` / `getRequestHandler()` (the front door),
// `htmlLimitedBots`, the proxy's matcher, route handlers and `NextRequest`.

const root = path.resolve(import.meta.dirname, "../..");
const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
const PACK = "phillies-mets-tonight";
const PACK_TITLE = "Mets at Phillies";

test("every Next internal we rely on is where our code reads it", async ({ page }) => {
  test.setTimeout(90_000);
  const broken: string[] = [];
  const check = (ok: boolean, internal: string, ours: string) => {
    if (!ok) broken.push(`${internal} — read by ${ours}`);
  };

  // 1. build-manifest.json's rootMainFiles: the scripts every page loads first.
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: unknown };
  const rootMainFiles = Array.isArray(buildManifest.rootMainFiles) ? (buildManifest.rootMainFiles as string[]) : [];
  check(
    rootMainFiles.length > 0 && rootMainFiles.every((file) => existsSync(path.join(distDir, file))),
    "build-manifest.json `rootMainFiles` (a list of files in the build)",
    "scripts/compile-hints.mjs and scripts/check-bundle.mjs",
  );

  // 2. The client reference manifests: a script assigning globalThis.__RSC_MANIFEST[page], with
  // entryJSFiles and entryCSSFiles per entry, the global error page's among them.
  const manifestFiles = clientReferenceManifests(path.join(distDir, "server", "app"));
  check(manifestFiles.length > 0, "server/app/**/*_client-reference-manifest.js files", "scripts/compile-hints.mjs");
  const assignment = /^(globalThis\.__RSC_MANIFEST\[("(?:[^"\\]|\\.)*")\]\s*=\s*)(\{.*\});?\s*$/m;
  let withEntries = 0;
  let withGlobalError = 0;
  for (const file of manifestFiles) {
    check(
      assignment.test(readFileSync(file, "utf8")),
      `${path.relative(distDir, file)}: one \`globalThis.__RSC_MANIFEST[...] = {...}\` line`,
      "scripts/global-error-css.mjs",
    );
    for (const manifest of readClientReferenceManifest(file)) {
      if (manifest.entryJSFiles && Object.values(manifest.entryJSFiles).every(Array.isArray)) withEntries++;
      if (Object.keys(manifest.entryCSSFiles ?? {}).some((entry) => /\/app\/global-error$/.test(entry))) withGlobalError++;
    }
  }
  check(
    withEntries > 0,
    "client reference manifest `entryJSFiles` (entry → chunk list)",
    "scripts/compile-hints.mjs and scripts/check-bundle.mjs",
  );
  check(withGlobalError > 0, "client reference manifest `entryCSSFiles` keyed by `…/app/global-error`", "scripts/global-error-css.mjs");

  // 3. routes-manifest.json: each route's page and regex, which label the request metrics.
  const label = routeLabeler(readRoutesManifest(distDir));
  check(
    label(`/packs/${PACK}?ref=x`) === "/packs/[packURL]" &&
      label("/") === "/" &&
      label("/api/packs/x/takes") === "/api/packs/[packURL]/takes",
    "routes-manifest.json `staticRoutes` / `dynamicRoutes` with `page` and `regex`",
    "src/front-door/request-context.ts (metrics labels)",
  );

  // 4. The router's headers on a client-side navigation and its prefetches: the page cache leaves
  // every such request to Next by these names, and answers with Next's own Vary.
  const routerRequests: Request[] = [];
  page.on("request", (request) => {
    if (request.headers()["rsc"] !== undefined || Object.keys(request.headers()).some((name) => name.startsWith("next-")))
      routerRequests.push(request);
  });
  // As a new player: signInAs answers the username prompt, this page view's one unasked dialog, so the
  // feed's "Pack active now!" is held back (components/dialogs/unasked-gate.ts) and nothing is in the way.
  await signInAs(page, `555${String(Date.now() + 29).slice(-7)}`, "/?day=all");
  await expect(page.locator("html[data-pack-active]")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const navigation = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === `/packs/${PACK}` &&
      request.headers()["rsc"] === "1" &&
      !request.headers()["next-router-prefetch"],
  );
  await page
    .getByTestId("pack-card")
    .filter({ has: page.getByRole("link", { name: PACK_TITLE }) })
    .getByRole("link", { name: PACK_TITLE })
    .click();
  const payload = await navigation;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(PACK_TITLE);
  check(
    payload.headers()["next-router-state-tree"] !== undefined && new URL(payload.url()).searchParams.has("_rsc"),
    "a navigation's `RSC: 1` request with `Next-Router-State-Tree` and a `_rsc` query parameter",
    "src/front-door/page-cache.ts (NAVIGATION_HEADERS)",
  );
  const unknown = new Set<string>();
  for (const request of routerRequests) {
    for (const name of Object.keys(request.headers())) {
      if ((name === "rsc" || name.startsWith("next-")) && !NAVIGATION_HEADERS.includes(name)) unknown.add(name);
    }
  }
  check(
    unknown.size === 0,
    `router request headers the page cache does not know: ${[...unknown].join(", ")}`,
    "src/front-door/page-cache.ts (NAVIGATION_HEADERS) and src/proxy.ts's matcher",
  );
  const answer = await payload.response();
  const nextVary = (answer?.headers()["vary"] ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const ourVary = VARY.split(",").map((name) => name.trim().toLowerCase());
  check(
    nextVary.length > 0 && nextVary.every((name) => ourVary.includes(name)),
    `the Vary of Next's own answers (${nextVary.join(", ")})`,
    "src/front-door/page-cache.ts (VARY)",
  );
  check(
    answer?.headers()["x-takes-cache"] === undefined,
    "a navigation payload answered by Next itself, not the page cache",
    "src/front-door/page-cache.ts",
  );

  // 5. Next's own list of crawlers, which our list (given to Next as htmlLimitedBots) must cover.
  const samples = HTML_LIMITED_BOT_UA_RE.source
    .split("|")
    .map((alternative) => alternative.replace(/\[\\w-\]\+/g, "Ads").replace(/\\/g, ""));
  const missed = samples.filter((sample) => !isBot(`Mozilla/5.0 (compatible; ${sample}/1.0)`));
  check(missed.length === 0, `Next's default htmlLimitedBots entries our list misses: ${missed.join(", ")}`, "src/front-door/bots.ts");

  expect(broken, `A Next upgrade moved what our code reads; update each file named:\n${broken.join("\n")}`).toEqual([]);
});
