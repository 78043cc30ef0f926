/**
 * The Standard Schema interface (standardschema.dev, typed by `@standard-schema/spec`): zod and
 * valibot both implement it, so a route can answer through, and a screen parse with, either
 * (docs/decisions/046-one-typed-contract.md: zod for most areas, valibot where a player page's
 * first-load budget has no room for zod).
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";

/** A schema of either dialect, as the Standard Schema package types it. */
export type StandardSchema<Input = unknown, Output = Input> = StandardSchemaV1<Input, Output>;
/** What a schema accepts. */
export type SchemaInput<S extends StandardSchema> = StandardSchemaV1.InferInput<S>;
/** What a schema gives back once it has checked a value. */
export type SchemaOutput<S extends StandardSchema> = StandardSchemaV1.InferOutput<S>;

/**
 * Checks `value` against `schema` at once (our answer schemas have no asynchronous checks): the
 * value as the schema gives it back, or the problems found, each as "path: message" (and each
 * issue's own message, for an answer that shows one: a route parameter's 404).
 */
export function checkWith<S extends StandardSchema>(
  schema: S,
  value: unknown,
): { ok: true; value: SchemaOutput<S> } | { ok: false; problems: string[]; messages: string[] } {
  const result = schema["~standard"].validate(value);
  if (result instanceof Promise) throw new TypeError("Schemas checked here must check synchronously");
  if (result.issues) {
    const problems = result.issues.map((issue) => {
      const path = (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part)).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    });
    return { ok: false, problems, messages: result.issues.map((issue) => issue.message) };
  }
  return { ok: true, value: result.value };
}
