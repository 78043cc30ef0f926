/**
 * True when `error` (or an error it wraps: drizzle wraps driver errors) is
 * PostgreSQL's unique_violation, optionally on one named index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown };
    if (candidate.code === "23505") {
      if (!constraint) return true;
      // PGlite does not always fill `constraint`; its message names the index.
      return candidate.constraint === constraint || String(candidate.message ?? "").includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}
