#!/usr/bin/env node
// After `next build`: marks the client chunks that pages run as they load with
// V8's explicit compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136+,
// https://v8.dev/blog/explicit-compile-hints). Without it V8 compiles each
// module's function lazily, on the main thread, when the bundler's runtime
// first calls it: for our startup chunks that was one task of about 280 ms on
// Lighthouse's emulated phone, most of the page's Total Blocking Time. With
// the hint, Chrome compiles those functions eagerly on the background thread
// that streams the script in. Other browsers read a comment.
//
// Only startup chunks get it: the root main files and the entry chunks of
// every layout and page (the <script> tags of a first load). Chunks loaded on
// demand (a dialog's code, say) stay lazily compiled, so functions nobody
// calls are not compiled up front. The step is idempotent. Chunk file names
// are content hashes taken before this step; nothing checks them against the
// content (no subresource integrity), and the build is deployed as a whole.
//
// Usage: node scripts/compile-hints.mjs [distDir] (default NEXT_DIST_DIR or .next).
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export function clientReferenceManifests(dir) {
  const found = [];
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...clientReferenceManifests(full));
    else if (entry.name.endsWith("_client-reference-manifest.js")) found.push(full);
  }
  return found;
}

/** Reads a client reference manifest: a script that assigns itself to globalThis.__RSC_MANIFEST. */
export function readClientReferenceManifest(file) {
  const sandbox = { __RSC_MANIFEST: {} };
  sandbox.self = sandbox;
  sandbox.globalThis = sandbox;
  new Function("globalThis", "self", readFileSync(file, "utf8"))(sandbox, sandbox);
  return Object.values(sandbox.__RSC_MANIFEST);
}

/** The client JS files (relative to the dist dir) that some page runs as it loads. */
export function startupChunks(distDir) {
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  const files = new Set(buildManifest.rootMainFiles ?? []);
  for (const manifestFile of clientReferenceManifests(path.join(distDir, "server", "app"))) {
    for (const manifest of readClientReferenceManifest(manifestFile)) {
      for (const list of Object.values(manifest.entryJSFiles ?? {})) for (const file of list) files.add(file);
    }
  }
  return [...files].filter((file) => file.endsWith(".js")).sort();
}

export const hasCompileHint = (source) => source.startsWith(COMPILE_HINT);

/** Adds the hint to every startup chunk that lacks it; returns what it found and changed. */
export function addCompileHints(distDir) {
  const chunks = startupChunks(distDir);
  let added = 0;
  for (const chunk of chunks) {
    const file = path.join(distDir, chunk);
    const source = readFileSync(file, "utf8");
    if (hasCompileHint(source)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    added++;
  }
  return { chunks, added };
}

/** Marks the startup chunks of `distDir` and says so; false when it holds no startup chunks. */
export function markStartupChunks(distDir) {
  const { chunks, added } = addCompileHints(distDir);
  if (chunks.length === 0) {
    console.error(`compile hints: no startup chunks found in ${distDir} (is it a next build?)`);
    return false;
  }
  console.log(`compile hints: ${chunks.length} startup chunks marked for eager compilation (${added} newly)`);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(markStartupChunks(path.resolve(process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next")) ? 0 : 1);
}
