#!/usr/bin/env node
// Keeps the repository self-contained (issue 22): every document a comment,
// test, script or doc cites must exist inside the repo, and every `§N` cited
// in docs/SCREENS.md or docs/PRODUCT.md must be a heading there. Citing the
// old outside spec files (the screen and domain spec, the product spec, a
// ../shared folder) is always an error: their content now lives in docs/.
//
// It also keeps the documented configuration true: an environment variable named in
// docs/DEPLOYMENT.md (the one list of the app's variables) must be declared in src/env.ts, and one
// set in any other doc (`NAME=value` in backticks) must be declared there or read by the tooling
// (process.env.NAME, or $NAME in a shell script, under bench/, scripts/, tests/ or a config file).
// Decision records are history and may name variables that are gone.
//
// Usage: node scripts/check-doc-citations.mjs [repoRoot]
// Prints one `file:line: problem` per finding and exits 1 when there is any.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where citations are looked for, relative to the repo root. */
export const SCAN_ROOTS = ["src", "scripts", "tests", "bench", "drizzle", "docs", "README.md", "CONTRIBUTING.md"];

const TEXT_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".sql", ".sh", ".md", ".css", ".yml", ".yaml"]);
const SKIP_DIRS = new Set(["node_modules", ".next", ".next-sharing", ".data", "results", "meta"]);

/**
 * Documents written on another branch at the same time and cited before they
 * land. Each entry must be removed once the file is merged (the check then
 * covers it like any other document).
 */
/** @type {Set<string>} Documents cited before they land (none now). */
export const PENDING_DOCUMENTS = new Set();

/** This checker and its test spell out the forbidden names on purpose. */
const SELF = new Set(["scripts/check-doc-citations.mjs", "scripts/check-doc-citations.test.ts"]);

// Built from parts so the words below never read as a citation themselves.
const OUTSIDE_NAMES = ["screens", "domain", "product-spec", "STYLE", "STACK-NOTES"].map((n) => `${n}.md`);
const OUTSIDE = [
  ...OUTSIDE_NAMES.map((name) => ({
    pattern: new RegExp(`(?<![\\w/])${name.replace(/[.]/g, "\\.")}`, "g"),
    what: `cites ${name}, a document outside the repo`,
  })),
  { pattern: /\bproduct-spec\b/g, what: "cites the outside product spec" },
  { pattern: /\.\.\/shared\b|\/work\/shared\b/g, what: "cites the outside shared folder" },
];

/** `foo/bar.md`, `SCREENS.md`, `docs/decisions/012-exact-tokens.md` (not inside URLs). */
const MD_REFERENCE = /(?<![\w./-])((?:\.{1,2}\/)?[\w.-]*[\w-](?:\/[\w.-]*[\w-])*\.md)\b/g;
/** Non-markdown paths under docs/: `docs/decisions/`, `docs/img/x.png`. */
const DOCS_PATH = /(?<![\w./-])(docs\/[\w./-]*[\w/])/g;
/** A section citation right after a numbered doc, e.g. `SCREENS.md §2.12 and §4.1`; may wrap a comment line. */
const SECTION_CITATION = /\b(SCREENS|PRODUCT)\.md[\s*/#]*((?:§\s?\d+(?:\.\d+)*)(?:\s*(?:,|and|or|\/)\s*§\s?\d+(?:\.\d+)*)*)/g;

function listFiles(root, rel, anyFile = false) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [rel];
  const out = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) out.push(...listFiles(root, child, anyFile));
    } else if (anyFile || TEXT_EXTENSIONS.has(path.extname(entry.name))) {
      out.push(child);
    }
  }
  return out;
}

/** Section numbers (`2`, `2.11`, `4.7`) of the numbered headings of a markdown file. */
export function headingSections(markdown) {
  const sections = new Set();
  for (const line of markdown.split("\n")) {
    const match = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (match) sections.add(match[1]);
  }
  return sections;
}

function lineOf(text, index) {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** `docs/decisions/021` names decision record 021-*.md by its number. */
function isDecisionByNumber(root, ref) {
  const match = /^docs\/decisions\/(\d{3})$/.exec(ref);
  if (!match) return false;
  const dir = path.join(root, "docs", "decisions");
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(`${match[1]}-`) && name.endsWith(".md"));
}

/** Where a cited document would be: next to the citing file, at the root, or under docs/. */
function resolveDocument(root, fromFile, ref) {
  const candidates = [path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), ref))];
  if (!ref.startsWith(".")) candidates.push(path.posix.normalize(ref), path.posix.join("docs", ref));
  return candidates.find(
    (candidate) => !candidate.startsWith("..") && (existsSync(path.join(root, candidate)) || PENDING_DOCUMENTS.has(candidate)),
  );
}

/** An environment variable's name: upper case words joined by underscores. */
const VARIABLE = "[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+";
const TOOLING_ROOTS = ["bench", "scripts", "tests", ".ci", "vitest.config.ts", "playwright.config.ts", "next.config.ts", "knip.json"];

/** The variables src/env.ts declares (the keys of its schemas) and those the tooling reads. */
export function declaredVariables(root) {
  const envFile = path.join(root, "src", "env.ts");
  const app = new Set(existsSync(envFile) ? [...readFileSync(envFile, "utf8").matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]) : []);
  const tooling = new Set();
  for (const rel of TOOLING_ROOTS) {
    for (const file of listFiles(root, rel, true)) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]+)|\[["']([A-Z][A-Z0-9_]+)["']\])|\$\{?([A-Z][A-Z0-9_]+)/g))
        tooling.add(m[1] ?? m[2] ?? m[3]);
    }
  }
  return { app, tooling };
}

function variableProblems(file, text, variables, report) {
  if (file.startsWith("docs/decisions/") || !file.endsWith(".md")) return;
  if (file === "docs/DEPLOYMENT.md") {
    for (const m of text.matchAll(new RegExp(`\`(${VARIABLE})\``, "g"))) {
      if (!variables.app.has(m[1])) report(m.index, `names the variable ${m[1]}, which src/env.ts does not declare`);
    }
  }
  for (const m of text.matchAll(new RegExp(`\`(${VARIABLE})=`, "g"))) {
    if (!variables.app.has(m[1]) && !variables.tooling.has(m[1])) {
      report(m.index, `sets the variable ${m[1]}, which neither src/env.ts nor the tooling reads`);
    }
  }
}

/**
 * Every citation problem under `root`: `{file, line, problem}` sorted by file
 * and line. An empty list means every cited document and section exists.
 */
export function checkDocCitations(root) {
  const sectionsOf = {};
  for (const doc of ["SCREENS", "PRODUCT"]) {
    const file = path.join(root, "docs", `${doc}.md`);
    sectionsOf[doc] = existsSync(file) ? headingSections(readFileSync(file, "utf8")) : new Set();
  }
  const variables = declaredVariables(root);
  const problems = [];
  const files = SCAN_ROOTS.flatMap((rel) => listFiles(root, rel)).filter((file) => !SELF.has(file));
  for (const file of files) {
    const raw = readFileSync(path.join(root, file), "utf8");
    // URLs point elsewhere on purpose; blank them out, keeping offsets for line numbers.
    const text = raw.replace(/\bhttps?:\/\/[^\s)>"'`]+/g, (url) => " ".repeat(url.length));
    const report = (index, problem) => problems.push({ file, line: lineOf(text, index), problem });

    for (const { pattern, what } of OUTSIDE) {
      for (const match of text.matchAll(pattern)) report(match.index, what);
    }
    variableProblems(file, text, variables, report);
    for (const match of text.matchAll(MD_REFERENCE)) {
      const ref = match[1];
      if (OUTSIDE_NAMES.includes(ref)) continue; // already reported as outside the repo
      if (!resolveDocument(root, file, ref)) report(match.index, `cites ${ref}, which does not exist in the repo`);
    }
    for (const match of text.matchAll(DOCS_PATH)) {
      const ref = match[1];
      if (ref.endsWith(".md") || PENDING_DOCUMENTS.has(ref)) continue; // .md handled above
      if (!existsSync(path.join(root, ref)) && !isDecisionByNumber(root, ref)) {
        report(match.index, `cites ${ref}, which does not exist in the repo`);
      }
    }
    for (const match of text.matchAll(SECTION_CITATION)) {
      const doc = match[1];
      for (const cited of match[2].matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
        if (!sectionsOf[doc].has(cited[1])) {
          report(match.index, `cites docs/${doc}.md §${cited[1]}, which has no such numbered heading`);
        }
      }
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const problems = checkDocCitations(root);
  for (const { file, line, problem } of problems) console.error(`${file}:${line}: ${problem}`);
  const pending = [...PENDING_DOCUMENTS].filter((doc) => !existsSync(path.join(root, doc)));
  if (pending.length) console.log(`doc citations: not yet in this tree, allowed while pending: ${pending.join(", ")}`);
  if (problems.length) {
    console.error(
      `doc citations: ${problems.length} problem(s); cite documents inside the repo (docs/SCREENS.md, docs/PRODUCT.md, docs/decisions/...).`,
    );
    process.exit(1);
  }
  console.log("doc citations: every cited document and section exists in the repo");
}
