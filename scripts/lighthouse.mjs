#!/usr/bin/env node
// Lighthouse (default config = the mobile preset: Moto G Power emulation, slow
// 4G, simulated throttling) in Debian's Chromium against a running server.
// Runs each page three times and judges the median against the budget
// (performance score ≥ 95, CLS ≤ 0.05); prints every run's figures.
//
// CPU slowdown: Lighthouse's 4× is calibrated for a high-end desktop (its
// benchmark index 1500-2000, per Lighthouse's own throttling notes; see
// docs/decisions/016-benchmarks-on-any-host.md), and the CI machine is whatever
// it is on the day: the same page scored 83 on one and 99 on another. Each
// counted run reads the host's benchmark index just before its page load and
// is audited with the slowdown scaled to that reading (4× at 1750), so every
// host, and every moment of a wandering host, emulates the same phone: a
// faster host is slowed down more, a slower one less.
// Usage: node scripts/lighthouse.mjs http://127.0.0.1:3000 / /packs/some-pack
// (exits 1 when a page is over budget). bench/lighthouse/run.mjs uses
// measurePages() with a server of its own.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";

export const MIN_SCORE = 95;
export const MAX_CLS = 0.05;
/**
 * The margin of docs/decisions/016-benchmarks-on-any-host.md (issue 19): the score must also hold at
 * this fixed CPU slowdown, and TBT stay under MAX_TBT at the calibrated one. Both are part of the budget.
 */
export const FORCED_SLOWDOWN = 6;
export const MAX_TBT = 150;
/**
 * On a host that cannot judge the absolute budget, how far a page may trail the bare reference page
 * measured in the same run (issue 38, item 6; docs/decisions/048-hosts-with-slow-memory.md).
 */
export const RELATIVE_SCORE_GAP = 5;
export const RELATIVE_TBT_MARGIN = 150;
/**
 * The browser that measures: Debian's chromium-headless-shell, Chromium's
 * engine without its browser UI. The full browser in headless mode also runs
 * its own UI: on Chromium 156 every page load there starts renderers that load
 * some 300 modules of the address bar's pop-up and a GPU process that
 * rasterises in software, and on a 2-core host they took CPU from the page
 * being measured (its tasks ran 3-10× longer than their own CPU time, which
 * Lighthouse then multiplies by the CPU slowdown). A phone's browser does not
 * do that while a page loads, so that time is not the page's
 * (docs/decisions/023-load-budget.md).
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
/** The host benchmark index Lighthouse's default 4× CPU slowdown stands for (the middle of "high-end desktop"). */
const REFERENCE_BENCHMARK_INDEX = 1750;

/** The CPU slowdown that makes a host of `benchmarkIndex` emulate what 4× does on the reference desktop. */
export function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return throttling.mobileSlow4G.cpuSlowdownMultiplier;
  const multiplier = (throttling.mobileSlow4G.cpuSlowdownMultiplier * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(12, Math.max(1, multiplier)) * 100) / 100;
}

/**
 * What a fresh page of memory costs this host, in µs per 4 KiB page, beside what rewriting it
 * costs. A browser loading a page touches tens of megabytes of memory it has never touched (a new
 * renderer process per load, its heaps, decoded images, raster buffers), and the CPU benchmark,
 * a loop over a few kilobytes, never sees that cost. On most hosts a first touch costs about a
 * microsecond; one CI host of our kind took 12 µs (55× a rewrite), and every main-thread task of a
 * page load there ran 2-4× longer than its own CPU time (docs/decisions/048-hosts-with-slow-memory.md).
 */
function freshMemoryCost(megabytes = 64) {
  const pages = (megabytes * 2 ** 20) / 4096;
  const started = process.hrtime.bigint();
  const buffer = Buffer.alloc(megabytes * 2 ** 20);
  buffer.fill(1);
  const touched = process.hrtime.bigint();
  buffer.fill(2);
  const rewritten = process.hrtime.bigint();
  const micros = (from, to) => Math.round((Number(to - from) / 1000 / pages) * 100) / 100;
  return { firstTouch: micros(started, touched), rewrite: micros(touched, rewritten) };
}

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
 * Measures each page `runs` times and returns `pages`: per page, every run's
 * figures and the medians with the verdict; and `hostCheck` (null without a
 * reference). Logs as it goes.
 *
 * `reference` (a URL) is the host check of docs/decisions/048-hosts-with-slow-memory.md: the least
 * page the framework can serve, measured `forcedRuns` times (at least three) at the forced slowdown
 * before ours. Where it misses the budget itself (median score under 95 or median TBT over 150 ms),
 * the host cannot judge the absolute budget (its page loads stall on memory the CPU benchmark never
 * sees), so `hostCanJudge` is false and each page is judged against the reference measured in the
 * same run instead (issue 38): at the forced slowdown, its median score at most RELATIVE_SCORE_GAP
 * points under the reference's, its median TBT at most RELATIVE_TBT_MARGIN ms over the reference's,
 * and CLS within the budget (layout shifts do not depend on the host's speed). Everywhere else the
 * absolute budget is judged as always.
 */
export async function measurePages({ base, paths, runs = 3, forcedRuns = 0, reference, reportDir, log = console.log }) {
  const chromePath = process.env.LIGHTHOUSE_CHROMIUM_PATH ?? HEADLESS_SHELL;
  // chrome-launcher reports a missing binary as an unhandled 'error' event that
  // ends the process before the caller can stop its server: say so here instead.
  if (!existsSync(chromePath)) {
    throw new Error(`No Chromium at ${chromePath}: apt-get install -y chromium-headless-shell, or set LIGHTHOUSE_CHROMIUM_PATH`);
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      // The headless shell is headless by itself; the full browser needs asking.
      ...(chromePath === HEADLESS_SHELL ? [] : ["--headless=new"]),
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
  let hostCheck = null;
  try {
    const settings = { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" };
    const auditUrl = (url, cpuSlowdownMultiplier) =>
      lighthouse(url, { ...settings, throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } });
    const audit = (page, cpuSlowdownMultiplier) => auditUrl(`${base}${page}`, cpuSlowdownMultiplier);
    // A counted run at the calibrated slowdown: Lighthouse loads the page once (simulated
    // throttling observes it at the host's own speed and applies the slowdown afterwards), then
    // audits that load with the slowdown its own CPU benchmark calls for. The benchmark is read
    // in the same browser moments before that load, so each run emulates the same phone even
    // when the host's speed wanders between runs (one reading taken for the whole run of
    // benchmarks read 2,774 on a host whose runs then read 1,496-2,821, slowing every page 1.3×
    // more than the phone it stands for, and another read 2,050 where the runs read 2,650).
    const calibratedAudit = async (page) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "lighthouse-run-"));
      try {
        await lighthouse(`${base}${page}`, { ...settings, gatherMode: dir, throttling: { ...throttling.mobileSlow4G } });
        const artifactsFile = path.join(dir, "artifacts.json");
        const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8"));
        const cpuSlowdown = calibratedCpuSlowdown(artifacts.BenchmarkIndex);
        // The load was observed unthrottled (simulated throttling slows nothing while gathering), so
        // the slowdown it is audited at is a setting of the audit alone; Lighthouse checks that the
        // two phases agree on their settings, so the saved ones say the slowdown too.
        artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
        writeFileSync(artifactsFile, JSON.stringify(artifacts));
        const result = await lighthouse(undefined, {
          ...settings,
          auditMode: dir,
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
        });
        return { result, cpuSlowdown };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    // A warm-up load per page, not counted: the first load of a page compiles its server chunks.
    for (const page of paths) await audit(page, throttling.mobileSlow4G.cpuSlowdownMultiplier);
    const memory = freshMemoryCost();
    log(
      `host memory: a first touch costs ${memory.firstTouch} µs per 4 KiB page, a rewrite ${memory.rewrite} µs ` +
        `(about 1 µs on most hosts; far more means every page load here runs slower than the CPU benchmark says, decision 048)`,
    );
    let hostCanJudge = true;
    if (reference) {
      await auditUrl(reference, throttling.mobileSlow4G.cpuSlowdownMultiplier);
      const scores = [];
      for (let run = 1; run <= Math.max(forcedRuns, 3); run++) {
        const result = await auditUrl(reference, FORCED_SLOWDOWN);
        if (!result?.lhr || result.lhr.runtimeError) throw new Error(`Lighthouse failed on the reference page ${reference}`);
        scores.push(figuresOf(result.lhr));
      }
      const score = median(scores.map((f) => f.score));
      const tbt = median(scores.map((f) => f.tbt));
      // The reference must meet the budget itself, score and TBT: a host where a page with nothing of
      // ours blocks the main thread past the budget's TBT cannot tell a fast page from a slow one.
      hostCanJudge = score >= MIN_SCORE && tbt <= MAX_TBT;
      log(
        `host check: the reference page (a bare Next.js page, bench/lighthouse/reference) scores a median ${score} at a forced ${FORCED_SLOWDOWN}× ` +
          `(runs ${scores.map((f) => `${f.score}, TBT ${ms(f.tbt)}`).join("; ")}): ` +
          (hostCanJudge
            ? `this host can judge the budget`
            : `with nothing of ours on it, it misses the budget itself (score ≥ ${MIN_SCORE}, TBT ≤ ${MAX_TBT} ms; its median TBT ${ms(tbt)}), ` +
              `so this host cannot judge the absolute budget: each page is judged against this reference instead, at most ` +
              `${RELATIVE_SCORE_GAP} points under it and ${RELATIVE_TBT_MARGIN} ms of TBT over it at the forced ${FORCED_SLOWDOWN}× (decision 048)`),
      );
      hostCheck = { score, tbt, runs: scores, hostCanJudge };
    }
    const verdict = (ok) => (ok ? "ok" : "OVER BUDGET");
    // Where the host cannot judge the absolute budget, each page is judged on the forced runs against
    // the reference's (three, as the reference's own); the calibrated runs, which would only be
    // reported, are left out (CI time, docs/decisions/054-ci-time-and-house-rules.md).
    if (!hostCanJudge) {
      runs = 0;
      forcedRuns = 3;
    }
    log(
      runs > 0
        ? `Lighthouse ${runs}× per page, mobile preset, simulated throttling, against ${base}; ` +
            `CPU slowdown calibrated per run to the host's benchmark (4× at ${REFERENCE_BENCHMARK_INDEX})`
        : `Lighthouse ${forcedRuns}× per page at the forced ${FORCED_SLOWDOWN}×, mobile preset, simulated throttling, against ${base}`,
    );
    for (const page of paths) {
      const figures = [];
      for (let run = 1; run <= runs; run++) {
        const { result, cpuSlowdown } = await calibratedAudit(page);
        if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.message}`);
        const f = { ...figuresOf(result.lhr), cpuSlowdown };
        figures.push(f);
        if (reportDir) {
          const name = page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          writeFileSync(path.join(reportDir, `${name}-${run}.json`), JSON.stringify(result.lhr));
        }
        log(
          `  ${page} run ${run}: performance ${f.score}, FCP ${ms(f.fcp)}, LCP ${ms(f.lcp)}, TBT ${ms(f.tbt)}, ` +
            `SI ${ms(f.si)}, CLS ${f.cls.toFixed(3)} (host CPU benchmark ${Math.round(f.benchmarkIndex)}, so ${f.cpuSlowdown}×)`,
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
      summary.ok = runs === 0 || (summary.score >= MIN_SCORE && summary.cls <= MAX_CLS && summary.tbt <= MAX_TBT);
      results.push(summary);
      if (runs > 0)
        log(
          `Lighthouse mobile ${page}: median performance ${summary.score} (budget ≥ ${MIN_SCORE}, margin ${summary.score - MIN_SCORE}), ` +
            `median CLS ${summary.cls.toFixed(3)} (≤ ${MAX_CLS}), FCP ${ms(summary.fcp)}, LCP ${ms(summary.lcp)}, ` +
            `TBT ${ms(summary.tbt)} (budget ≤ ${MAX_TBT} ms: ${summary.tbt <= MAX_TBT ? "met" : "not met"}), SI ${ms(summary.si)} ` +
            `at ${median(figures.map((f) => f.cpuSlowdown))}× (median) ${verdict(summary.ok)}`,
        );
      if (figures[0]?.lcpElement) log(`  LCP element: ${figures[0].lcpElement}`);
      // The margin line: the same page on a fixed slower phone, which must score within budget too.
      if (forcedRuns > 0) {
        const forced = [];
        for (let run = 1; run <= forcedRuns; run++) {
          const result = await audit(page, FORCED_SLOWDOWN);
          if (!result?.lhr || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page} at ${FORCED_SLOWDOWN}×`);
          forced.push(figuresOf(result.lhr));
        }
        summary.forcedScore = median(forced.map((f) => f.score));
        summary.forcedTbt = median(forced.map((f) => f.tbt));
        summary.forcedCls = median(forced.map((f) => f.cls));
        if (hostCheck) summary.gapToReference = hostCheck.score - summary.forcedScore;
        const forcedLine = `Lighthouse mobile ${page} at a forced ${FORCED_SLOWDOWN}× CPU slowdown: median performance ${summary.forcedScore} of ${forcedRuns} (runs ${forced.map((f) => `${f.score}, TBT ${ms(f.tbt)}`).join("; ")}), TBT ${ms(summary.forcedTbt)}, LCP ${ms(median(forced.map((f) => f.lcp)))}, CLS ${summary.forcedCls.toFixed(3)}`;
        if (hostCanJudge) {
          const met = summary.forcedScore >= MIN_SCORE;
          summary.ok = summary.ok && met;
          log(
            `${forcedLine} (budget ≥ ${MIN_SCORE}: ${met ? "met" : "not met"}) ${verdict(met)}` +
              (hostCheck ? `; the reference page ${hostCheck.score}, TBT ${ms(hostCheck.tbt)} (gap ${summary.gapToReference} points)` : ""),
          );
        } else {
          // Judged against the reference measured in this run (see RELATIVE_SCORE_GAP).
          const scoreMet = summary.gapToReference <= RELATIVE_SCORE_GAP;
          const tbtMet = summary.forcedTbt <= hostCheck.tbt + RELATIVE_TBT_MARGIN;
          const clsMet = summary.forcedCls <= MAX_CLS;
          summary.ok = scoreMet && tbtMet && clsMet;
          log(
            `${forcedLine}; against the reference page measured in this run (${hostCheck.score}, TBT ${ms(hostCheck.tbt)}): ` +
              `${Math.abs(summary.gapToReference)} points ${summary.gapToReference > 0 ? "under" : "above"} it (at most ${RELATIVE_SCORE_GAP} under: ${scoreMet ? "met" : "not met"}), ` +
              `TBT ${ms(Math.abs(summary.forcedTbt - hostCheck.tbt))} ${summary.forcedTbt > hostCheck.tbt ? "over" : "under"} it (at most ${RELATIVE_TBT_MARGIN} ms over: ${tbtMet ? "met" : "not met"}), ` +
              `CLS ≤ ${MAX_CLS}: ${clsMet ? "met" : "not met"} ${verdict(summary.ok)}`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return { pages: results, hostCheck };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) {
    console.error("usage: lighthouse.mjs <baseURL> <path> [path…]");
    process.exit(2);
  }
  const { pages } = await measurePages({ base, paths, reportDir: process.env.LIGHTHOUSE_REPORT_DIR });
  process.exit(pages.every((r) => r.ok) ? 0 : 1);
}
