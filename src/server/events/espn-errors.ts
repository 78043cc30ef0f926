import "server-only";
import { AppError } from "@/server/http/app-error";
import { EspnFetchError } from "@/server/integrations/espn/fetch-json";
import { log } from "@/server/ops/log";

/**
 * Maps a failed ESPN call to a message that says what failed and why (issue 41 item 7;
 * docs/PRODUCT.md §16): "Importing NFL 2025 week 14 failed: ESPN did not answer in 8 s." ESPN
 * unreachable or erroring gives the fetch error's reason; an answer we cannot read gives
 * `unreadable` (what was wrong with it) or the reader's own words. `what` names the action; without
 * one the message starts "Fetch failed".
 */
export function espnFailure(error: unknown, what = "Fetch", unreadable?: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof EspnFetchError) {
    log("warn", "espn request failed", { url: error.url, status: error.status, detail: error.detail });
    return new AppError("UPSTREAM_FAILED", `${what} failed: ${error.reason}.`, {}, error.detail);
  }
  const message = error instanceof Error ? error.message : String(error);
  log("warn", "espn response unreadable", { error: message });
  return new AppError("UPSTREAM_FAILED", `${what} failed: ${unreadable ?? `ESPN's answer could not be read (${message})`}.`);
}
