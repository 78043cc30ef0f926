/**
 * What `openModal("login" | "loginRequired")` resolves to once the user is
 * signed in (undefined when they dismiss it), so openers can continue.
 */
export const SIGNED_IN = "signed-in";
export type LoginResult = typeof SIGNED_IN;
