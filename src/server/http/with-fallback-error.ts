import "server-only";
import { ZodError } from "zod";
import { fail, isDeletedProfileRefusal } from "@/server/http/api";
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
    if (error instanceof AppError || error instanceof ZodError || isDeletedProfileRefusal(error)) throw error;
    log("error", message, errorFields(error));
    return fail(500, message);
  }
}
