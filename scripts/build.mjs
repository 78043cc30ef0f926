#!/usr/bin/env node
// `npm run build`: the production build. `next build` (into NEXT_DIST_DIR or
// .next), then the compile hints on the chunks pages run at startup
// (scripts/compile-hints.mjs) and the global error page's copy of the stylesheet
// taken out of every page's payload (scripts/global-error-css.mjs). Every place that builds the app goes through
// here, so the app that is tested, measured and started is the one deployed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { markStartupChunks } from "./compile-hints.mjs";
import { dropGlobalErrorCss } from "./global-error-css.mjs";

const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };

const build = spawnSync(process.execPath, [nextBin, "build", ...process.argv.slice(2)], { cwd: root, env, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const distDir = path.resolve(root, env.NEXT_DIST_DIR || ".next");
if (!markStartupChunks(distDir)) process.exit(1);
const css = dropGlobalErrorCss(distDir);
console.log(`global error stylesheet: dropped from ${css.changed} of ${css.manifests} client reference manifests`);
