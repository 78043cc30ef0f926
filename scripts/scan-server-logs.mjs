// Issue 25: no log line written while the tests run may hold a demo phone number or a sign-in code
// that was sent; the `log` SMS transport's own files (sms*.log) are where both belong, and where
// the codes to look for are read from. The browser tests' servers write their output to
// server*.log files under .tmp (scripts/e2e-server.mjs, tests/e2e/spawn-server.ts); the
// browser tests' global teardown runs this over them (docs/decisions/031-crash-safe-worker.md).
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// src/server/db/seed/identities.ts: DEMO_ADMIN_PHONE and the demo players, 555-555-0100 to 0105.
const DEMO_PHONE = /(?<![\d])(?:\+?1[\s.-]?)?\(?555\)?[\s.-]?555[\s.-]?010[0-5](?!\d)/;

function filesUnder(dir, test, since) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "data" ? [] : filesUnder(full, test, since);
    return test(entry.name) && statSync(full).mtimeMs >= since ? [full] : [];
  });
}

/** The six-digit codes of the sign-in texts in the `log` transport's files. */
export function sentCodes(smsLogs) {
  const codes = new Set();
  for (const file of smsLogs) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        const { body } = JSON.parse(line);
        const code = typeof body === "string" && /\bcode\b/i.test(body) ? body.match(/\b(\d{6})\b/)?.[1] : undefined;
        if (code) codes.add(code);
      } catch {
        // not a text line
      }
    }
  }
  return codes;
}

/**
 * Lines of the server logs under `root` (written at or after `since`, in ms) that hold a demo
 * phone number or one of the sign-in codes sent meanwhile: `{ file, line, why }`, the secret
 * itself left out.
 */
export function scanServerLogs(root, since = 0) {
  const isSmsLog = (name) => /^sms.*\.log$/.test(name);
  const codes = sentCodes(filesUnder(root, isSmsLog, since));
  const findings = [];
  for (const file of filesUnder(root, (name) => /^server.*\.log$/.test(name), since)) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((text, index) => {
      if (DEMO_PHONE.test(text)) findings.push({ file, line: index + 1, why: "a demo phone number" });
      for (const code of codes) {
        if (new RegExp(`(?<![\\w-])${code}(?![\\w-])`).test(text))
          findings.push({ file, line: index + 1, why: "a sign-in code that was sent" });
      }
    });
  }
  return { findings, codes: codes.size };
}

/**
 * The app's own log lines (JSON, `{"time":…,"level":…}`) in the captured output of the unit and
 * API tests (`npm test` tees vitest's output to a file): findings for any that hold a demo phone
 * number or any other unmasked phone number in E.164 (`+1` and ten digits). Test names and
 * assertion text are not log lines and are not read.
 */
export function scanTestOutput(text) {
  const findings = [];
  text
    // Colours vitest adds around lines (ESC [ … m).
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .forEach((raw, index) => {
      const at = raw.indexOf('{"time":"');
      if (at === -1) return;
      const line = raw.slice(at);
      if (DEMO_PHONE.test(line)) findings.push({ line: index + 1, why: "a demo phone number" });
      else if (/(?<!\d)\+1\d{10}(?!\d)/.test(line)) findings.push({ line: index + 1, why: "a phone number" });
    });
  return findings;
}

// `node scripts/scan-test-output.mjs FILE`-style use: `node scripts/scan-server-logs.mjs --test-output FILE`.
if (process.argv[2] === "--test-output" && process.argv[3]) {
  const findings = scanTestOutput(readFileSync(process.argv[3], "utf8"));
  if (findings.length) {
    console.error(`The unit and API tests' log lines hold ${findings.length} phone number(s):`);
    for (const { line, why } of findings.slice(0, 20)) console.error(`  ${process.argv[3]}:${line}: ${why}`);
    process.exit(1);
  }
  console.log(`log scan: no phone numbers in the unit and API tests' log lines`);
}
