import "server-only";
import { randomBytes } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SmsTransport } from "./sms-transport";

/**
 * The development transport: appends each text as one JSON line
 * `{"to","body","at","sid"}` (and the outbox row's `key` when it has one) to `logFile`, so that
 * people signing in locally and the browser tests can read their codes. That file is the only
 * place a sign-in code or a player's number is written out: the log line says only that a text
 * went there (issue 25). Without a file (`next dev` with no SMS_LOG_FILE) the text is printed
 * whole, since nobody could sign in otherwise.
 */
export function createLogTransport(options: { logFile?: string }): SmsTransport {
  return {
    name: "log",
    async send({ to, body, key }) {
      const at = new Date().toISOString();
      // A message id shaped like Twilio's (two letters, 32 hex digits), so delivery reports can be
      // tried locally and in the browser tests against a text of this file (docs/decisions/071-delivery-on-the-record.md).
      const sid = `LG${randomBytes(16).toString("hex")}`;
      if (!options.logFile) {
        console.log(JSON.stringify({ time: at, level: "info", msg: "sms (log transport, no SMS_LOG_FILE)", to, body }));
        return { providerMessageId: sid };
      }
      await mkdir(path.dirname(options.logFile), { recursive: true });
      // One write per line with O_APPEND: concurrent senders never interleave.
      await appendFile(options.logFile, `${JSON.stringify({ to, body, at, sid, ...(key ? { key } : {}) })}\n`, "utf8");
      console.log(JSON.stringify({ time: at, level: "info", msg: "sms (log transport)", file: options.logFile }));
      return { providerMessageId: sid };
    },
    // The file is the far end: a text is there when a line carries its key (docs/decisions/031-crash-safe-worker.md).
    async findSent({ key }) {
      if (!options.logFile || !key) return null;
      const text = await readFile(options.logFile, "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return "";
        throw error;
      });
      const needle = `"key":${JSON.stringify(key)}`;
      return text.split("\n").some((line) => line.includes(needle)) ? { providerMessageId: null } : null;
    },
  };
}
