import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkDocCitations, headingSections } from "./check-doc-citations.mjs";

const repoRoot = path.resolve(import.meta.dirname, "..");
const made: string[] = [];

/** A tiny repository: the given files, relative path → content. */
function fakeRepo(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "doc-citations-"));
  made.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const docs = {
  "docs/SCREENS.md": "# Screens\n\n## 2. Public\n\n### 2.1 Dashboard\n",
  "docs/PRODUCT.md": "# Rules\n\n## 4. Points\n",
  "docs/decisions/021-parallel-browser-tests.md": "# 021\n",
};

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("check-doc-citations", () => {
  it("finds no problem in this repository", () => {
    expect(checkDocCitations(repoRoot)).toEqual([]);
  });

  it("accepts citations of documents, sections and decision numbers that exist", () => {
    const root = fakeRepo({
      ...docs,
      "src/a.ts":
        "// docs/SCREENS.md §2.1 and docs/PRODUCT.md §4; see docs/decisions/021\n// and docs/decisions/021-parallel-browser-tests.md\n",
    });
    expect(checkDocCitations(root)).toEqual([]);
  });

  it("fails on a variable in DEPLOYMENT.md that src/env.ts does not declare, and on one a doc sets that nothing reads", () => {
    const root = fakeRepo({
      ...docs,
      "src/env.ts": "const ServerEnv = z.object({\n  DATABASE_URL: z.string(),\n});\n",
      "bench/run.mjs": "const size = process.env.BENCH_SIZE;\n",
      "docs/DEPLOYMENT.md": "| `DATABASE_URL` | the primary |\n| `CACHE_TTL_MS` | gone |\n",
      "docs/TESTING.md": "Run `BENCH_SIZE=ci npm run bench`, or `FAST_MODE=1 npm test`.\n",
      "docs/decisions/030-old.md": "`OLD_FLAG=1` was removed.\n",
    });
    expect(checkDocCitations(root)).toEqual([
      { file: "docs/DEPLOYMENT.md", line: 2, problem: "names the variable CACHE_TTL_MS, which src/env.ts does not declare" },
      { file: "docs/TESTING.md", line: 1, problem: "sets the variable FAST_MODE, which neither src/env.ts nor the tooling reads" },
    ]);
  });

  it("fails on a comment citing a document that is not in the repo, naming file and line", () => {
    const root = fakeRepo({ ...docs, "src/a.ts": "const x = 1;\n// rules in docs/RULES.md\n" });
    expect(checkDocCitations(root)).toEqual([
      { file: "src/a.ts", line: 2, problem: "cites docs/RULES.md, which does not exist in the repo" },
    ]);
  });

  it("fails on a citation of the outside spec files, even when worded like a section", () => {
    const outside = ["screens", "md"].join(".");
    const root = fakeRepo({ ...docs, "tests/b.test.ts": `// see ${outside} §2.1\n` });
    const problems = checkDocCitations(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: "tests/b.test.ts", line: 1 });
    expect(problems[0]?.problem).toContain("outside the repo");
  });

  it("fails on a section that is not a numbered heading, also when the citation wraps a comment line", () => {
    const root = fakeRepo({ ...docs, "src/c.tsx": "/**\n * Shown as in docs/SCREENS.md\n * §2.1 and §9.9.\n */\n" });
    expect(checkDocCitations(root)).toEqual([
      { file: "src/c.tsx", line: 2, problem: "cites docs/SCREENS.md §9.9, which has no such numbered heading" },
    ]);
  });

  it("reads section numbers from numbered headings only", () => {
    expect([...headingSections("## 0. Principles\n### 2.11 `/profile`\ntext 3.1 here\n#### `login`\n")]).toEqual(["0", "2.11"]);
  });
});
