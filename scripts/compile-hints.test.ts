import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, addCompileHints, startupChunks } from "./compile-hints.mjs";

/** A dist folder shaped like `next build`'s: a build manifest, two pages' client reference manifests, and chunks. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  const chunk = (name: string) => {
    mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
    writeFileSync(path.join(dist, "static", "chunks", name), `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
    return `static/chunks/${name}`;
  };
  const manifest = (dir: string, route: string, entries: Record<string, string[]>) => {
    mkdirSync(path.join(dist, "server", "app", dir), { recursive: true });
    writeFileSync(
      path.join(dist, "server", "app", dir, "page_client-reference-manifest.js"),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ entryJSFiles: entries })};`,
    );
  };
  const runtime = chunk("runtime.js");
  const framework = chunk("framework.js");
  const layout = chunk("layout.js");
  const home = chunk("home.js");
  const pack = chunk("pack.js");
  const dialog = chunk("dialog.js");
  writeFileSync(path.join(dist, "build-manifest.json"), JSON.stringify({ rootMainFiles: [runtime, framework], polyfillFiles: [] }));
  manifest("", "/page", { "[project]/src/app/layout": [layout], "[project]/src/app/page": [layout, home] });
  manifest("packs/[packURL]", "/packs/[packURL]/page", {
    "[project]/src/app/layout": [layout],
    "[project]/src/app/packs/[packURL]/page": [pack],
  });
  return { dist, startup: [framework, home, layout, pack, runtime], dialog };
}

const read = (dist: string, file: string) => readFileSync(path.join(dist, file), "utf8");
const dists: string[] = [];
afterEach(() => dists.splice(0).forEach((dist) => rmSync(dist, { recursive: true, force: true })));

describe("compile hints on the build's startup chunks", () => {
  it("finds the root main files and every layout's and page's entry chunks, and not chunks loaded on demand", () => {
    const { dist, startup, dialog } = fakeBuild();
    dists.push(dist);
    expect(startupChunks(dist)).toEqual(startup);
    expect(startupChunks(dist)).not.toContain(dialog);
  });

  it("puts the hint at the very top of each startup chunk, once, however often it runs, and leaves the code as it was", () => {
    const { dist, startup, dialog } = fakeBuild();
    dists.push(dist);
    const before = Object.fromEntries(startup.map((file) => [file, read(dist, file)]));

    expect(addCompileHints(dist).added).toBe(startup.length);
    expect(addCompileHints(dist).added).toBe(0);

    for (const file of startup) expect(read(dist, file)).toBe(COMPILE_HINT + before[file]);
    expect(read(dist, dialog).startsWith(COMPILE_HINT)).toBe(false);
  });

  it("is the magic comment Chrome reads: the first line of the file, and only a comment", () => {
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });
});
