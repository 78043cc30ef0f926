import "server-only";
import { AppError } from "@/server/http/app-error";
import { EspnFetchError } from "@/server/integrations/espn/fetch-json";
import { log } from "@/server/ops/log";

/**
 * Maps a failed ESPN call to the product's messages (docs/PRODUCT.md §16): ESPN
 * unreachable or erroring → "Fetch failed"; an answer we cannot read →
 * `unreadableMessage` ("Failed to fetch events" for scoreboards).
 */
export function espnFailure(error: unknown, unreadableMessage = "Fetch failed"): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof EspnFetchError) {
    log("warn", "espn request failed", { url: error.url, status: error.status, detail: error.detail });
    return new AppError("UPSTREAM_FAILED", "Fetch failed", {}, error.detail);
  }
  log("warn", "espn response unreadable", { error: error instanceof Error ? error.message : String(error) });
  return new AppError("UPSTREAM_FAILED", unreadableMessage);
}
