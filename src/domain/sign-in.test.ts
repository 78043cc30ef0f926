import { describe, expect, it } from "vitest";
import { INVALID_CODE, rateLimitedSignInError, signInErrorMessage, tooManyAttemptsMessage } from "./sign-in";

describe("sign-in error messages", () => {
  it("shows the wait when sign-in is paused", () => {
    expect(signInErrorMessage(rateLimitedSignInError(3600))).toBe("Too many attempts. Try again in 3600s.");
  });

  it("shows the invalid-code message for a wrong code or anything unknown", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe(INVALID_CODE);
    expect(signInErrorMessage("RateLimited:soon")).toBe(INVALID_CODE);
  });

  it("tells a suspended player their account is suspended", () => {
    expect(signInErrorMessage("Suspended")).toBe("This account is suspended. Contact support if you think this is a mistake.");
  });

  it("rounds waits up to whole seconds, at least one", () => {
    expect(tooManyAttemptsMessage(0.2)).toBe("Too many attempts. Try again in 1s.");
    expect(tooManyAttemptsMessage(29.1)).toBe("Too many attempts. Try again in 30s.");
  });
});
