import "server-only";
import { serverEnv } from "@/env";
import { frontDoor } from "@/front-door/bridge";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  try {
    return ORDER[serverEnv().LOG_LEVEL];
  } catch {
    return ORDER.info; // logging must work even when the configuration itself is broken
  }
}

/**
 * Fields whose value never reaches a log line: a text's body holds sign-in codes, and the rest
 * are phone numbers, secrets or credentials (issue 25: nothing in the logs a reader could use to
 * sign in as, or text, a player). `code` is not among them: log lines use it for error codes
 * ("CLIENT_SESSION_ERROR"); a sign-in code only ever travels inside a text's body.
 */
const SECRET_KEYS = new Set(["body", "phone", "to", "from", "password", "token", "secret", "cookie", "authorization"]);
/** A North American phone number in any usual spelling, not a run of digits inside a longer number. */
const PHONE = /(?<![\d+])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/g;

/** The value with secrets dropped and phone numbers masked, at any depth. */
export function redact(value: unknown, key?: string, depth = 0): unknown {
  if (key !== undefined && SECRET_KEYS.has(key.toLowerCase()) && value !== null && value !== undefined) return "[redacted]";
  if (typeof value === "string") return value.replace(PHONE, "[phone]");
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((entry) => redact(entry, undefined, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k, depth + 1)]));
}

/** The id the front door gave the request this code runs for, if any (src/front-door/request-context.ts). */
export function currentRequestId(): string | undefined {
  return frontDoor()?.requestContext.getStore()?.requestId;
}

/** One JSON object per line, so log shippers need no parsing rules; secrets redacted, the request's id attached. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const requestId = currentRequestId();
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: redact(msg),
    ...(requestId ? { requestId } : {}),
    ...(redact(fields) as Record<string, unknown>),
  });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
