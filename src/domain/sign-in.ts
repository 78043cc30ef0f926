// Sign-in texts and error codes shared by the server and the login UI
// (docs/PRODUCT.md §16, docs/SCREENS.md §2.12 and §4.1).

export const SEND_CODE_FAILED = "Could not send code. Please try again.";
export const CODE_REQUIRED = "Please enter your 6-digit code";
export const INVALID_CODE = "Invalid code or verification failed.";
export const SESSION_NOT_FOUND = "Session not found after login";
/** A suspended player's sign-in (docs/decisions/034-players-screen.md). */
export const ACCOUNT_SUSPENDED = "This account is suspended. Contact support if you think this is a mistake.";
/** next-auth's `error=` value for a suspended player's sign-in. */
export const SUSPENDED_SIGN_IN_ERROR = "Suspended";

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds))}s.`;
}

/**
 * next-auth reports an error thrown by the credentials check as `?error=<its
 * message>` in the answer's url; a paused sign-in uses this prefix so the UI
 * can show the wait instead of "Invalid code".
 */
const RATE_LIMITED_PREFIX = "RateLimited:";

export function rateLimitedSignInError(retryAfterSeconds: number): string {
  return `${RATE_LIMITED_PREFIX}${Math.max(1, Math.ceil(retryAfterSeconds))}`;
}

/** The message for a failed credentials sign-in, from next-auth's `error` value. */
export function signInErrorMessage(error: string): string {
  if (error === SUSPENDED_SIGN_IN_ERROR) return ACCOUNT_SUSPENDED;
  if (error.startsWith(RATE_LIMITED_PREFIX)) {
    const seconds = Number(error.slice(RATE_LIMITED_PREFIX.length));
    if (Number.isFinite(seconds) && seconds > 0) return tooManyAttemptsMessage(seconds);
  }
  return INVALID_CODE;
}
