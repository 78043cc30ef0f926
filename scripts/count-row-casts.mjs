#!/usr/bin/env node
// Counts the unchecked row casts left under src/ (issue 38, docs/decisions/055-typed-row-edge.md):
// each `queryRows<T>(…)` hands a raw query's rows on as T without looking at them; `selectRows`
// with a row shape checks every column. The definition in src/server/db/client.ts and test files
// are not counted. Exits 1 when the count reaches the limit, so new unchecked reads stay few.
//
// Usage: node scripts/count-row-casts.mjs [repoRoot]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Half of the 133 casts there were when issue 38 was written, rounded up: the count must stay below it. */
const LIMIT = 67;
const DEFINITION = path.join("src", "server", "db", "client.ts");

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let count = 0;
for (const file of sourceFiles(path.join(root, "src"))) {
  if (path.relative(root, file) === DEFINITION) continue;
  count += readFileSync(file, "utf8").split("queryRows<").length - 1;
}
console.log(`row casts: ${count} unchecked queryRows<T> (issue 38 asks for fewer than ${LIMIT})`);
if (count >= LIMIT) process.exit(1);
