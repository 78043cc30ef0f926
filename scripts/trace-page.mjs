#!/usr/bin/env node
// Where a page's main-thread time goes while it loads: opens the page in
// Debian's Chromium (phone-sized viewport, no throttling) with a performance
// trace, then prints first paint and LCP, and every main-thread task over
// 4 ms with what it spent its time on (parse, script, style, layout, GC).
// Lighthouse's simulated TBT multiplies these tasks by its CPU slowdown, so a
// task over ~8 ms here blocks at 6×: this is the list to cut (docs/decisions/016-benchmarks-on-any-host.md).
// Not part of CI; a tool for finding the work.
// Usage, against a running production server:
//   node scripts/trace-page.mjs http://127.0.0.1:3000/ [runs=3]
import { chromium } from "@playwright/test";

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
if (!url) {
  console.error("usage: trace-page.mjs <url> [runs]");
  process.exit(2);
}

// Trace events worth naming inside a task (prefixes).
const KINDS = [
  "ParseHTML",
  "EvaluateScript",
  "FunctionCall",
  "v8.compile",
  "RunMicrotasks",
  "UpdateLayoutTree",
  "Layout",
  "ParseAuthorStyleSheet",
  "PrePaint",
  "Paint",
  "Commit",
  "MinorGC",
  "MajorGC",
  "TimerFire",
  "EventDispatch",
];
const SCRIPT_EVENTS = new Set(["EvaluateScript", "FunctionCall", "v8.compile"]);
const ms = (microseconds) => (microseconds / 1000).toFixed(1);

/** The time a task spent per kind of work, largest first, as "Layout 11.6, …". */
function breakdown(task, events) {
  const spent = new Map();
  for (const e of events) {
    if (e === task || e.name === "RunTask" || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
    if (!KINDS.some((kind) => e.name.startsWith(kind))) continue;
    const file = (e.args?.data?.url ?? "").split("/").pop().slice(0, 24);
    const label = SCRIPT_EVENTS.has(e.name) ? `${e.name}(${file})` : e.name;
    spent.set(label, (spent.get(label) ?? 0) + e.dur);
  }
  return [...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([label, dur]) => `${label} ${ms(dur)}`)
    .join(", ");
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading", "v8"],
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());

    // The renderer's main thread: the one that parsed the page's HTML.
    const parse = traceEvents.find((e) => e.name === "ParseHTML");
    const main = traceEvents.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X");
    const navigationStart = traceEvents.find((e) => e.name === "navigationStart" && e.pid === parse.pid)?.ts ?? main[0].ts;
    const at = (e) => (e ? `${Math.round((e.ts - navigationStart) / 1000)} ms` : "?");
    const fcp = traceEvents.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid);
    const lcp = traceEvents.filter((e) => e.name === "largestContentfulPaint::Candidate" && e.pid === parse.pid).pop();
    console.log(`run ${run}: FCP ${at(fcp)}, LCP ${at(lcp)}`);

    const tasks = main.filter((e) => e.name === "RunTask" && e.dur > 4000).sort((a, b) => a.ts - b.ts);
    for (const task of tasks) {
      console.log(`  at ${at(task).padStart(8)}  ${ms(task.dur).padStart(6)} ms  ${breakdown(task, main)}`);
    }
    console.log(`  tasks over 4 ms: ${ms(tasks.reduce((sum, t) => sum + t.dur, 0))} ms in all`);
    await context.close();
  }
} finally {
  await browser.close();
}
