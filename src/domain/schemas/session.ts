import * as v from "valibot";

/**
 * What next-auth's REST API answers our shell (src/components/shell/session.tsx), as our session
 * callback shapes it (src/server/auth/auth-options.ts). valibot, not zod: the shell is on every
 * page's first load (src/domain/schemas/play.ts says why).
 */

/** The signed-in player as the session carries them. */
export const VSessionUser = v.object({
  id: v.string(),
  profileID: v.string(),
  phone: v.string(),
  superAdmin: v.boolean(),
  /** A commissioner (decision 064): the menus show the admin area's part they may use; the server re-reads it on each admin request. */
  commissioner: v.optional(v.boolean()),
  /** Only right after the sign-in that created the profile: the shell then asks for a username once. */
  isNewProfile: v.optional(v.boolean()),
  /**
   * The player's spendable balance in tokens (the ledger's exact sum), read afresh for every answer
   * and never kept in the cookie: the header's diamond pill reads it, so a page load asks once
   * (issue 36). Absent when the server could not read it; the pill then shows 0.
   */
  tokensBalance: v.optional(v.number()),
});

/** GET or POST /api/auth/session when signed in (a visitor gets `{}`, which this refuses). */
export const VSession = v.object({ user: VSessionUser, expires: v.string() });

/** GET /api/auth/csrf. */
export const VCsrfAnswer = v.object({ csrfToken: v.pipe(v.string(), v.minLength(1)) });

/** POST /api/auth/signout, or /api/auth/callback/credentials, with json=true: where to go next (a sign-in's `error` parameter says why not). */
export const VAuthRedirectAnswer = v.object({ url: v.optional(v.string()) });

/**
 * POST /api/sendCode refused: for too many tries, seconds to wait (the Retry-After header says the
 * same); for a number that cannot take our texts (422, code LINE_NOT_MOBILE), the sentence to show.
 */
export const VSendCodeRefusal = v.object({
  retryAfter: v.optional(v.number()),
  code: v.optional(v.string()),
  error: v.optional(v.string()),
});

/** POST /api/profile/updateUsername: the handle saved. */
export const VUsernameSaved = v.object({ profileID: v.string() });
export type UsernameSaved = v.InferOutput<typeof VUsernameSaved>;

/** POST /api/profile/deleteAccount: the account is deleted (or already was); the session has ended. */
export const VAccountDeleted = v.object({ deleted: v.literal(true) });
