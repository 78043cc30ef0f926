import "server-only";
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { SmsTransport } from "./sms-transport";

/**
 * The development transport: prints each text and, when `logFile` is set,
 * appends it as one JSON line `{"to","body","at"}` so that people signing in
 * locally and the browser tests can read their codes. It is the only place a
 * sign-in code may be written out.
 */
export function createLogTransport(options: { logFile?: string }): SmsTransport {
  return {
    name: "log",
    async send({ to, body }) {
      const at = new Date().toISOString();
      console.log(JSON.stringify({ time: at, level: "info", msg: "sms (log transport)", to, body }));
      if (options.logFile) {
        await mkdir(path.dirname(options.logFile), { recursive: true });
        // One write per line with O_APPEND: concurrent senders never interleave.
        await appendFile(options.logFile, `${JSON.stringify({ to, body, at })}\n`, "utf8");
      }
      return { providerMessageId: null };
    },
  };
}
