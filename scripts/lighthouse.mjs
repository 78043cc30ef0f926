#!/usr/bin/env node
// Lighthouse (default config = the mobile preset: Moto G Power emulation, slow
// 4G, 4× CPU slowdown, simulated throttling) in Debian's Chromium against a
// running server. Runs each page three times and judges the median against the
// budget (performance score ≥ 95, CLS ≤ 0.05); prints every run's figures.
// Usage: node scripts/lighthouse.mjs http://127.0.0.1:3000 / /packs/some-pack
// (exits 1 when a page is over budget). bench/lighthouse/run.mjs uses
// measurePages() with a server of its own.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const MIN_SCORE = 95;
export const MAX_CLS = 0.05;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const ms = (value) => `${Math.round(value)} ms`;

function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    si: audit("speed-index"),
    cls: audit("cumulative-layout-shift"),
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    // Lighthouse's CPU benchmark of the host (a mid-tier phone scores about 1000, a desktop 1500+).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * Measures each page `runs` times and returns, per page, every run's figures
 * and the medians with the verdict. Logs as it goes.
 */
export async function measurePages({ base, paths, runs = 3, reportDir, log = console.log }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const results = [];
  try {
    log(`Lighthouse ${runs}× per page, mobile preset, simulated throttling, against ${base}`);
    for (const page of paths) {
      const figures = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(`${base}${page}`, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" });
        if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.message}`);
        const f = figuresOf(result.lhr);
        figures.push(f);
        if (reportDir) {
          const name = page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          writeFileSync(path.join(reportDir, `${name}-${run}.json`), JSON.stringify(result.lhr));
        }
        log(
          `  ${page} run ${run}: performance ${f.score}, FCP ${ms(f.fcp)}, LCP ${ms(f.lcp)}, TBT ${ms(f.tbt)}, ` +
            `SI ${ms(f.si)}, CLS ${f.cls.toFixed(3)} (host CPU benchmark ${Math.round(f.benchmarkIndex)})`,
        );
      }
      const summary = {
        page,
        runs: figures,
        score: median(figures.map((f) => f.score)),
        cls: median(figures.map((f) => f.cls)),
        fcp: median(figures.map((f) => f.fcp)),
        lcp: median(figures.map((f) => f.lcp)),
        tbt: median(figures.map((f) => f.tbt)),
        si: median(figures.map((f) => f.si)),
      };
      summary.ok = summary.score >= MIN_SCORE && summary.cls <= MAX_CLS;
      results.push(summary);
      log(
        `Lighthouse mobile ${page}: median performance ${summary.score} (budget ≥ ${MIN_SCORE}), median CLS ${summary.cls.toFixed(3)} (≤ ${MAX_CLS}), ` +
          `FCP ${ms(summary.fcp)}, LCP ${ms(summary.lcp)}, TBT ${ms(summary.tbt)}, SI ${ms(summary.si)} ${summary.ok ? "ok" : "OVER BUDGET"}`,
      );
      if (figures[0].lcpElement) log(`  LCP element: ${figures[0].lcpElement}`);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) {
    console.error("usage: lighthouse.mjs <baseURL> <path> [path…]");
    process.exit(2);
  }
  const results = await measurePages({ base, paths, reportDir: process.env.LIGHTHOUSE_REPORT_DIR });
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
