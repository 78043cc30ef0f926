#!/usr/bin/env node
// Prints the first-load JavaScript (gzip) of key routes from the production
// build and fails when a budgeted route is over 150 kB, or when one of its
// first-load chunks lacks the compile hint of scripts/compile-hints.mjs (a
// build made with `next build` alone instead of `npm run build`).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { hasCompileHint, readClientReferenceManifest } from "./compile-hints.mjs";

const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, process.env.NEXT_DIST_DIR || ".next");
const BUDGET_KB = 150;
const ROUTES = ["/", "/packs/[packURL]", "/leaderboard"];

const buildManifest = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8"));
const gzipSize = (file) => gzipSync(readFileSync(path.join(next, file))).length;

function firstLoadFiles(route) {
  const dir = route === "/" ? "" : route;
  const manifestFile = path.join(next, "server", "app", dir, "page_client-reference-manifest.js");
  if (!existsSync(manifestFile)) return null;
  const files = new Set(buildManifest.rootMainFiles);
  for (const manifest of readClientReferenceManifest(manifestFile)) {
    for (const list of Object.values(manifest.entryJSFiles ?? {})) for (const file of list) files.add(file);
  }
  return [...files];
}

let failed = false;
console.log(`First-load JS (gzip), budget ${BUDGET_KB} kB:`);
for (const route of ROUTES) {
  const files = firstLoadFiles(route);
  if (!files) {
    // A budgeted route that is missing from the build is a failure, not a pass.
    console.log(`  ${route.padEnd(22)} missing from the build (run next build first)`);
    failed = true;
    continue;
  }
  const kb = files.reduce((sum, file) => sum + gzipSize(file), 0) / 1000;
  const over = kb > BUDGET_KB;
  const unhinted = files.filter((file) => file.endsWith(".js") && !hasCompileHint(readFileSync(path.join(next, file), "utf8")));
  failed ||= over || unhinted.length > 0;
  console.log(`  ${route.padEnd(22)} ${kb.toFixed(3).padStart(9)} kB ${over ? "OVER BUDGET" : "ok"}`);
  if (unhinted.length) console.log(`    without the compile hint (build with npm run build): ${unhinted.join(", ")}`);
}
process.exit(failed ? 1 : 0);
