import { randomBytes } from "node:crypto";
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

/**
 * A browser that already holds a sign-in ticket, for tests that ask for a code
 * through the use-case (`sendLoginCode({ ticket })`, with their own `now`) and
 * then sign in through next-auth with `jar`.
 */
export function browserWithTicket(options: { https?: boolean } = {}): { jar: CookieJar; ticket: string } {
  const ticket = randomBytes(16).toString("base64url");
  const jar = new CookieJar();
  jar.store(new Response(null, { headers: { "set-cookie": `${options.https ? "__Secure-" : ""}takes-sign-in=${ticket}; Path=/api` } }));
  return { jar, ticket };
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
  const segments = url.pathname
    .replace(/^\/api\/auth\//, "")
    .split("/")
    .filter(Boolean);
  const response = await handleNextAuthRequest(request, segments);
  options.jar?.store(response);
  return response;
}

export async function csrfToken(jar: CookieJar): Promise<string> {
  const response = await authRequest("csrf", { jar });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/**
 * POST /api/sendCode as the login form does, from the browser whose cookies
 * `jar` holds: the code is bound to that browser's sign-in ticket, so sign in
 * with the same jar (docs/decisions/002-otp-rules.md). Without a jar the
 * request comes from a new browser whose cookies are thrown away.
 */
export async function requestCode(phone: string, options: { ip?: string; jar?: CookieJar } = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": options.ip ?? "203.0.113.7" };
  if (options.jar) headers.cookie = options.jar.header();
  const request = new NextRequest(new URL("/api/sendCode", ORIGIN), { method: "POST", headers, body: JSON.stringify({ phone }) });
  const response = await sendCodeRoute(request, { params: Promise.resolve({}) });
  options.jar?.store(response);
  return response;
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
  const code = textsIn(file, phone)
    .at(-1)
    ?.body.match(/\b(\d{6})\b/)?.[1];
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
