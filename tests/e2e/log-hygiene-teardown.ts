import path from "node:path";
import { scanServerLogs } from "../../scripts/scan-server-logs.mjs";

// After every browser test: no line the servers wrote during this run (their output is kept as
// server*.log under .tmp) may hold a demo phone number or a sign-in code that was sent; only the
// `log` SMS transport's own sms*.log files may (issue 25, docs/decisions/029-request-context-and-metrics.md).
export default function logHygieneTeardown() {
  const runStarted = Date.now() - process.uptime() * 1000;
  const { findings, codes } = scanServerLogs(path.resolve(import.meta.dirname, "../../.tmp"), runStarted);
  if (findings.length === 0) return;
  const listed = findings.slice(0, 20).map(({ file, line, why }) => `  ${path.relative(process.cwd(), file)}:${line}: ${why}`);
  throw new Error(
    `Server logs written during the browser tests hold ${findings.length} secret(s) (looked for the demo phones and ${codes} sign-in codes):\n${listed.join("\n")}`,
  );
}
