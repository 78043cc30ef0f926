#!/usr/bin/env node
// Counts the pairs of places in src/ that repeat six or more lines, with the `duplicates` command
// of the development machines (issue 38 item 2, docs/decisions/054-ci-time-and-house-rules.md):
// one piece of code should serve where the logic really is the same. Prints the tool's first
// line and the largest pairs; exits 1 when the count passes the limit. A host without the command
// says so and passes: the count is a development aid, not something the product needs to run.
//
// Usage: node scripts/count-duplicates.mjs [repoRoot]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Issue 38's ceiling for src/ (there were 310 pairs when the work on it began). */
const LIMIT = 150;

const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = spawnSync("duplicates", ["--most", "10", "--seconds", "120"], { cwd: path.join(root, "src"), encoding: "utf8" });
if (run.error) {
  console.log(`duplicates: the command is not on this host (${run.error.code ?? run.error.message}); not counted`);
  process.exit(0);
}
const output = `${run.stdout}${run.stderr}`.trim();
console.log(output);
const incomplete = output.split("\n").find((line) => line.startsWith("incomplete:"));
if (incomplete) {
  console.log(`duplicates: the count is incomplete (${incomplete}); not judged`);
  process.exit(0);
}
const pairs = /^(\d+) pairs? of places/.exec(output)?.[1] ?? (/^no duplicates/.test(output) ? "0" : null);
if (pairs === null) {
  console.error("duplicates: could not read the count from the command's first line");
  process.exit(1);
}
console.log(`duplicates: ${pairs} pairs in src/ (issue 38 asks for at most ${LIMIT})`);
if (Number(pairs) > LIMIT) process.exit(1);
