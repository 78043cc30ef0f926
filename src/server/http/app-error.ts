export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error type use-cases throw. `userMessage` is safe to show;
 * `extra` fields are merged into the JSON answer (e.g. `code`, `retryAfter`).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly userMessage: string,
    readonly extra: Record<string, unknown> = {},
    internalMessage?: string,
  ) {
    super(internalMessage ?? userMessage);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError("BAD_REQUEST", message, extra);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError("CONFLICT", message, extra);
