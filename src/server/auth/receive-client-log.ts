import "server-only";
import { log } from "@/server/ops/log";

// The browser's beacon (src/components/shell/session.tsx) sends a code and a
// one-line message; nothing a real page sends comes near these sizes.
const MAX_BEACON_BYTES = 4_096;
const MAX_CODE_LENGTH = 64;
const MAX_MESSAGE_LENGTH = 300;
/** Lines all browsers together may add to this instance's log per window; the rest are dropped, so a flood costs one line. */
export const CLIENT_LOG_LINES_PER_WINDOW = 30;
const WINDOW_MS = 60_000;

let budgetWindow = { start: 0, lines: 0, dropped: 0 };

function takeLogBudget(now: number): { allowed: boolean; retryAfterSeconds: number; firstDrop: boolean } {
  if (now - budgetWindow.start >= WINDOW_MS) budgetWindow = { start: now, lines: 0, dropped: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((budgetWindow.start + WINDOW_MS - now) / 1000));
  if (budgetWindow.lines < CLIENT_LOG_LINES_PER_WINDOW) {
    budgetWindow.lines++;
    return { allowed: true, retryAfterSeconds, firstDrop: false };
  }
  budgetWindow.dropped++;
  return { allowed: false, retryAfterSeconds, firstDrop: budgetWindow.dropped === 1 };
}

/** The body's first MAX_BEACON_BYTES bytes, or null when it is longer: a beacon that size is not one of ours. */
async function readBoundedText(req: Request): Promise<string | null> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BEACON_BYTES) return null;
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BEACON_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseFields(req: Request, text: string): Record<string, unknown> {
  if ((req.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** One short printable line: controls and newlines become spaces, the rest is cut at `max`. */
function oneLine(value: unknown, max: number): string {
  const text = typeof value === "string" ? value : "";
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").slice(0, max);
}

/**
 * next-auth's client log beacon (POST /api/auth/_log), answered here instead
 * of by next-auth, which writes whatever it is sent. Only `error` and `warn`
 * beacons are kept, each as one bounded line marked as coming from a browser;
 * per instance at most CLIENT_LOG_LINES_PER_WINDOW a minute, then 429.
 */
export async function receiveClientLog(req: Request, now = Date.now()): Promise<Response> {
  if (req.method !== "POST") {
    return Response.json({ success: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  const text = await readBoundedText(req);
  if (text === null) return Response.json({ success: false, error: "Request body too large" }, { status: 413 });
  const fields = parseFields(req, text);
  const level = fields.level === "error" || fields.level === "warn" ? fields.level : null;
  if (!level) return Response.json({});
  const budget = takeLogBudget(now);
  if (!budget.allowed) {
    if (budget.firstDrop) log("warn", "client log beacons dropped: over the per-minute budget");
    return Response.json(
      { success: false, error: "Too many attempts. Please try again later." },
      { status: 429, headers: { "Retry-After": String(budget.retryAfterSeconds) } },
    );
  }
  log(level, "client log beacon", {
    client: true,
    code: oneLine(fields.code, MAX_CODE_LENGTH).replace(/[^\w:.-]/g, "?"),
    message: oneLine(fields.error ?? fields.message, MAX_MESSAGE_LENGTH),
  });
  return Response.json({});
}
