import { z } from "zod";

/**
 * Our one definition of a row id (docs/ARCHITECTURE.md, "One truth per rule"): every table's
 * primary key is a UUID (src/server/db/schema.ts), written in any case. Routes, use-cases and
 * forms check an id with these before it reaches SQL, so a malformed one is a clear 400 or 404,
 * never a database cast error.
 */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a row id. */
export const isId = (value: unknown): boolean => typeof value === "string" && ID_PATTERN.test(value);

/** A row id in a request, lower-cased; `message` names what is missing ("Unknown team"). */
export const idSchema = (message = "Invalid id") =>
  z
    .string({ error: message })
    .regex(ID_PATTERN, message)
    .transform((value) => value.toLowerCase());
