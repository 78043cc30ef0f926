#!/usr/bin/env node
// After `next build`: takes the site stylesheet off the global error page's
// entry in every client reference manifest.
//
// Turbopack lists the root layout's stylesheet as the CSS of every special file
// of the app directory, global-error included. Next renders the global error
// boundary's stylesheets into every page's RSC payload ("G" in the first row),
// with a fresh set of "already sent" files, so with `experimental.inlineCss` the
// whole site stylesheet travelled a second time in each page's inline scripts:
// 46 kB of 134 kB on a pack page, parsed by the phone on every first load
// (docs/decisions/023-load-budget.md). Our global error page
// (src/app/global-error.tsx) is shown only when the root layout fails, renders
// its own <html> and styles itself inline, so it needs no stylesheet.
//
// Idempotent. Usage: node scripts/global-error-css.mjs [distDir].
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { clientReferenceManifests } from "./compile-hints.mjs";

const GLOBAL_ERROR = /\/app\/global-error$/;
const ASSIGNMENT = /^(globalThis\.__RSC_MANIFEST\[("(?:[^"\\]|\\.)*")\]\s*=\s*)(\{.*\});?\s*$/m;

/** Empties the global error's CSS list in one manifest's source; null when nothing changed. */
export function withoutGlobalErrorCss(source) {
  const match = ASSIGNMENT.exec(source);
  if (!match) throw new Error("client reference manifest: no assignment found");
  const manifest = JSON.parse(match[3]);
  let changed = false;
  for (const [entry, files] of Object.entries(manifest.entryCSSFiles ?? {})) {
    if (GLOBAL_ERROR.test(entry) && files.length > 0) {
      manifest.entryCSSFiles[entry] = [];
      changed = true;
    }
  }
  if (!changed) return null;
  return source.slice(0, match.index) + `${match[1]}${JSON.stringify(manifest)};` + source.slice(match.index + match[0].length);
}

/** Rewrites every manifest of `distDir`; returns how many manifests there were and how many changed. */
export function dropGlobalErrorCss(distDir) {
  const files = clientReferenceManifests(path.join(distDir, "server", "app"));
  let changed = 0;
  for (const file of files) {
    const next = withoutGlobalErrorCss(readFileSync(file, "utf8"));
    if (next === null) continue;
    writeFileSync(file, next);
    changed++;
  }
  return { manifests: files.length, changed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { manifests, changed } = dropGlobalErrorCss(path.resolve(process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next"));
  console.log(`global error stylesheet: dropped from ${changed} of ${manifests} client reference manifests`);
}
