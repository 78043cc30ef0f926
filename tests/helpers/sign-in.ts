import { existsSync, readFileSync } from "node:fs";
import { NextRequest } from "next/server";
import { POST as sendCodeRoute } from "@/app/api/sendCode/route";
import { handleNextAuthRequest } from "@/server/auth/next-auth-handler";

const ORIGIN = "http://localhost:3000";

/** Cookies as a browser keeps them across requests (name → value; cleared when the server expires them). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Also the raw Set-Cookie headers of every answer, for checking their attributes. */
  readonly setCookieHeaders: string[] = [];

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.setCookieHeaders.push(header);
      const [pair, ...attributes] = header.split(";");
      const separator = pair!.indexOf("=");
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** One request to next-auth's REST API under /api/auth, as the browser would make it. */
export async function authRequest(
  path: string,
  options: { method?: string; form?: Record<string, string>; json?: unknown; jar?: CookieJar; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  let body: string | undefined;
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  if (options.jar) headers.cookie = options.jar.header();
  const url = new URL(`/api/auth/${path}`, ORIGIN);
  const request = new NextRequest(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const segments = url.pathname.replace(/^\/api\/auth\//, "").split("/").filter(Boolean);
  const response = await handleNextAuthRequest(request, segments);
  options.jar?.store(response);
  return response;
}

export async function csrfToken(jar: CookieJar): Promise<string> {
  const response = await authRequest("csrf", { jar });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** POST /api/sendCode as the login form does. */
export async function requestCode(phone: string, options: { ip?: string } = {}): Promise<Response> {
  const request = new NextRequest(new URL("/api/sendCode", ORIGIN), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": options.ip ?? "203.0.113.7" },
    body: JSON.stringify({ phone }),
  });
  return sendCodeRoute(request, { params: Promise.resolve({}) });
}

/** The texts the log transport wrote to `file` for a phone, oldest first. */
export function textsIn(file: string, phone: string): Array<{ to: string; body: string; at: string }> {
  if (!existsSync(file)) return [];
  const digits = phone.replace(/\D/g, "").slice(-10);
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; at: string })
    .filter((text) => text.to.endsWith(digits));
}

/** The code in the newest text to the phone. */
export function latestCodeIn(file: string, phone: string): string {
  const code = textsIn(file, phone).at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was texted to ${phone}`);
  return code;
}

export interface SignInAnswer {
  status: number;
  /** next-auth's `error` value from the answer's url (CredentialsSignin, RateLimited:n), or null on success. */
  error: string | null;
  url: string;
}

/** The browser's credentials sign-in (POST callback/credentials with json=true). */
export async function signInWithPhoneCode(
  jar: CookieJar,
  phone: string,
  code: string,
  options: { ip?: string } = {},
): Promise<SignInAnswer> {
  const token = await csrfToken(jar);
  const response = await authRequest("callback/credentials", {
    jar,
    ip: options.ip ?? "203.0.113.7",
    form: { phone, code, csrfToken: token, callbackUrl: `${ORIGIN}/packs`, json: "true" },
  });
  const { url } = (await response.json()) as { url: string };
  return { status: response.status, error: new URL(url).searchParams.get("error"), url };
}

export async function readSessionBody(jar: CookieJar): Promise<{ user?: Record<string, unknown>; expires?: string }> {
  const response = await authRequest("session", { jar });
  return (await response.json()) as { user?: Record<string, unknown>; expires?: string };
}
