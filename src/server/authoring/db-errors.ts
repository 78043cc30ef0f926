import "server-only";

/** True when a database error (possibly wrapped by the driver or Drizzle) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (candidate.code === "23505" && (candidate.constraint === constraint || candidate.message?.includes(constraint))) return true;
    current = candidate.cause;
  }
  return false;
}
