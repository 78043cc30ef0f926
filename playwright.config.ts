import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_WORKERS, e2eFor } from "./tests/e2e/env";

// Browser tests run against the production build (`next build` first) served
// by `next start` on a throwaway embedded database, with Debian's Chromium.
// E2E_WORKERS workers (default 1; decisions 021 and 050), each with its own server and demo database
// (tests/e2e/env.ts, docs/decisions/021-parallel-browser-tests.md). A spec file
// still runs in one worker, its tests in order.
// Debian's chromium-headless-shell when installed: Chromium's engine without the browser's UI, as
// Playwright's own headless mode runs it; the full browser's UI processes made the run about a fifth
// slower on a 2-core host (docs/decisions/049-browser-tests-in-the-headless-shell.md).
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const slots = Array.from({ length: E2E_WORKERS }, (_, slot) => e2eFor(slot));

export default defineConfig({
  testDir: "tests/e2e",
  // Fails the run when a server's output held a demo phone number or a sign-in code (issue 25).
  globalTeardown: "tests/e2e/log-hygiene-teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? ".tmp/e2e-report.json" }]],
  use: {
    // Each worker's own server: env.ts reads the worker's TEST_PARALLEL_INDEX when the worker loads this file.
    baseURL: e2eFor(Number(process.env.TEST_PARALLEL_INDEX ?? "0") || 0).baseURL,
    // A failed test keeps its trace (DOM snapshots of every action, network, console) but no
    // screencast: with screenshots on, Chromium encodes a frame for every frame the page draws, and the
    // header's turning globe draws all the time, so an idle page cost 1.4 cores of the 2-core host
    // (14.1 s of Chromium CPU in 10 s, against 1.6 s without; docs/decisions/050-browser-test-traces-without-a-screencast.md).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: browserPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: slots.map((slot) => ({
    command: "node scripts/e2e-server.mjs",
    url: `${slot.baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: slot.serverEnv,
  })),
});
