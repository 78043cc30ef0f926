import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanServerLogs, scanTestOutput } from "./scan-server-logs.mjs";

function runDir(serverLog: string[]) {
  const root = mkdtempSync(path.join(tmpdir(), "takes-logscan-"));
  mkdirSync(path.join(root, "e2e-3400"));
  writeFileSync(
    path.join(root, "e2e-3400", "sms.log"),
    `${JSON.stringify({ to: "+15555550101", body: "Your Takes code is 482913. It expires in 10 minutes. Don't share it with anyone.", at: "x" })}\n`,
  );
  writeFileSync(path.join(root, "e2e-3400", "server.log"), serverLog.join("\n"));
  return root;
}

describe("the server log scan", () => {
  it("passes redacted lines and the transport's own file", () => {
    const root = runDir([
      '{"level":"info","msg":"sms (log transport)","file":"/x/sms.log"}',
      '{"level":"warn","msg":"text delivery failed","to":"[redacted]","phone":"[phone]"}',
    ]);
    expect(scanServerLogs(root)).toEqual({ findings: [], codes: 1 });
  });

  it("fails on a demo phone number in any spelling and on a code that was sent", () => {
    const root = runDir([
      "ok",
      '{"msg":"sign in","phone":"+15555550100"}',
      "texting (555) 555-0105",
      '{"msg":"debug","body":"code is 482913"}',
      "took 4829130 ms",
    ]);
    expect(scanServerLogs(root).findings.map(({ line, why }) => [line, why])).toEqual([
      [2, "a demo phone number"],
      [3, "a demo phone number"],
      [4, "a sign-in code that was sent"],
    ]);
  });

  it("reads only the app's JSON log lines of the API tests' output, and fails on any unmasked phone in them", () => {
    const output = [
      "\x1b[32m✓\x1b[39m signs in +15555550100 (a test name, not a log line)",
      '\x1b[22m{"time":"2026-11-26T21:36:10.787Z","level":"warn","msg":"text not delivered","to":"[phone]"}',
      '{"time":"2026-11-26T21:36:11.000Z","level":"info","msg":"sign in","phone":"+12025550188"}',
      '{"time":"2026-11-26T21:36:12.000Z","level":"info","msg":"texting 555-555-0103"}',
    ].join("\n");
    expect(scanTestOutput(output)).toEqual([
      { line: 3, why: "a phone number" },
      { line: 4, why: "a demo phone number" },
    ]);
  });
});
