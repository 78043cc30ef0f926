import "server-only";
import { ZodError } from "zod";
import { fail } from "@/server/http/api";
import { AppError } from "@/server/http/app-error";
import { errorFields, log } from "@/server/ops/log";

/**
 * Runs a route's work; an unexpected failure answers 500 with the screen's own
 * message (e.g. "Could not claim") instead of the generic one. Expected errors
 * (AppError, bad input) pass through to the route wrapper unchanged.
 */
export async function withFallbackError(message: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError || error instanceof ZodError) throw error;
    log("error", message, errorFields(error));
    return fail(500, message);
  }
}

/** The client address for per-IP limits (first X-Forwarded-For hop, as set by the load balancer). */
export function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "local";
}
