"use client";

// The sign-in request of the phone-code form, apart from the session module
// every page loads: only the sign-in dialogs and the login page need it.
import { AUTH_BASE, broadcastSessionChange, getCsrfToken } from "@/components/shell/session";
import { VAuthRedirectAnswer } from "@/domain/schemas/session";
import { checkWith } from "@/domain/schemas/standard";

export interface SignInResult {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

/**
 * Credentials sign-in without redirect (POST callback/credentials), like
 * next-auth's signIn("credentials", { redirect: false }). The caller then
 * reads the session with `update()`.
 */
export async function signInWithCode(phone: string, code: string, callbackUrl = "/"): Promise<SignInResult> {
  const csrfToken = await getCsrfToken();
  const response = await fetch(`${AUTH_BASE}/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ phone, code, csrfToken, callbackUrl, json: "true" }),
    credentials: "same-origin",
  });
  const checked = checkWith(VAuthRedirectAnswer, await response.json().catch(() => ({})));
  const url = (checked.ok ? checked.value.url : undefined) ?? null;
  const error = url ? new URL(url, window.location.origin).searchParams.get("error") : "CredentialsSignin";
  if (response.ok && !error) broadcastSessionChange("signin");
  return { error, status: response.status, ok: response.ok && !error, url: error ? null : url };
}
