#!/usr/bin/env node
// `npm run build`: the production build. `next build` (into NEXT_DIST_DIR or
// .next), the production server that stands in front of it compiled into the same
// folder (src/front-door/server.ts → <distDir>/front-door/server.cjs, which
// scripts/front-door.cjs runs), then the compile hints on the chunks pages run at startup
// (scripts/compile-hints.mjs) and the global error page's copy of the stylesheet
// taken out of every page's payload (scripts/global-error-css.mjs). Every place that builds the app goes through
// here, so the app that is tested, measured and started is the one deployed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { build as compile } from "esbuild";
import { markStartupChunks } from "./compile-hints.mjs";
import { dropGlobalErrorCss } from "./global-error-css.mjs";

const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };

const build = spawnSync(process.execPath, [nextBin, "build", ...process.argv.slice(2)], { cwd: root, env, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const distDir = path.resolve(root, env.NEXT_DIST_DIR || ".next");
// Our own modules are bundled; packages (next, prom-client, close-with-grace) load from
// node_modules, the same instances the app's server code uses.
await compile({
  entryPoints: [path.join(root, "src/front-door/main.ts")],
  outfile: path.join(distDir, "front-door", "server.cjs"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
console.log(`front door: ${path.relative(root, path.join(distDir, "front-door", "server.cjs"))}`);
if (!markStartupChunks(distDir)) process.exit(1);
const css = dropGlobalErrorCss(distDir);
console.log(`global error stylesheet: dropped from ${css.changed} of ${css.manifests} client reference manifests`);
