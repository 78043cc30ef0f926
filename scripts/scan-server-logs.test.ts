import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanServerLogs } from "./scan-server-logs.mjs";

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
    const root = runDir(['{"level":"info","msg":"sms (log transport)","file":"/x/sms.log"}', '{"level":"warn","msg":"text delivery failed","to":"[redacted]","phone":"[phone]"}']);
    expect(scanServerLogs(root)).toEqual({ findings: [], codes: 1 });
  });

  it("fails on a demo phone number in any spelling and on a code that was sent", () => {
    const root = runDir(["ok", '{"msg":"sign in","phone":"+15555550100"}', "texting (555) 555-0105", '{"msg":"debug","body":"code is 482913"}', "took 4829130 ms"]);
    expect(scanServerLogs(root).findings.map(({ line, why }) => [line, why])).toEqual([
      [2, "a demo phone number"],
      [3, "a demo phone number"],
      [4, "a sign-in code that was sent"],
    ]);
  });
});
