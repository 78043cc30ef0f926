import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { handleApiError } from "@/server/http/api";
import { rememberOwnWrite } from "@/server/db/remember-own-write";
import {
  assertAcceptedContentType,
  assertSameOriginWrite,
  assertStorableJson,
  isWriteMethod,
  mediaType,
  readBodyText,
} from "@/server/http/request-edge";
import { toE164 } from "@/domain/phone";
import { buildAuthOptions } from "./auth-options";
import { withSafeCallbackUrls } from "./safe-callback-urls";
import { hasPhoneMadeATake } from "@/server/takes/has-made-a-take";
import { playedSetCookie } from "@/server/takes/played-cookie";
import { knownBrowserSetCookie } from "./sign-in-browser";

interface CollectedResponse {
  status: number;
  headers: Headers;
  body: string | null;
}

/** The subset of a Node response next-auth's handler writes to. */
function collectingResponse(collected: CollectedResponse) {
  const res = {
    status(code: number) {
      collected.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      collected.headers.delete(name);
      for (const item of Array.isArray(value) ? value : [value]) collected.headers.append(name, item);
      return res;
    },
    getHeader(name: string) {
      if (name.toLowerCase() === "set-cookie") return collected.headers.getSetCookie();
      return collected.headers.get(name) ?? undefined;
    },
    json(data: unknown) {
      collected.headers.set("Content-Type", "application/json");
      collected.body = JSON.stringify(data);
      return res;
    },
    send(data: unknown) {
      if (typeof data === "string") collected.body = data;
      else if (data !== undefined) res.json(data);
      return res;
    },
    end() {
      return res;
    },
  };
  return res;
}

// next-auth's own forms post urlencoded; our client posts its session update as JSON.
const AUTH_BODY_TYPES = ["application/x-www-form-urlencoded", "application/json"] as const;

async function readAuthBody(req: Request): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  const text = await readBodyText(req);
  let body: unknown;
  if (mediaType(req) === "application/json") {
    try {
      body = JSON.parse(text);
    } catch {
      return undefined;
    }
  } else if (mediaType(req) === "application/x-www-form-urlencoded") {
    body = Object.fromEntries(new URLSearchParams(text));
  }
  if (!body || typeof body !== "object") return undefined;
  assertStorableJson(body);
  return body as Record<string, string>;
}

/**
 * Serves next-auth's REST API (/api/auth/{session,csrf,providers,signin,
 * callback,signout,_log,error}) for one request. It runs next-auth's own
 * handler on the request itself instead of next-auth's App Router entry,
 * which reads next/headers and so cannot run outside Next's request scope
 * (our API tests drive this very function). docs/decisions/001-session-strategy.md
 */
export async function handleNextAuthRequest(req: NextRequest, segments: string[]): Promise<Response> {
  const url = new URL(req.url);
  let body: Record<string, string> | undefined;
  try {
    // Sign-in and sign-out set or clear the session cookie: the same edge rules as every other write.
    if (isWriteMethod(req.method)) {
      assertSameOriginWrite(req);
      assertAcceptedContentType(req, AUTH_BODY_TYPES);
    }
    body = await readAuthBody(req);
  } catch (error) {
    return handleApiError(error, { method: req.method, path: url.pathname });
  }
  const nodeStyleRequest = {
    method: req.method,
    headers: Object.fromEntries(req.headers),
    cookies: withSafeCallbackUrls(Object.fromEntries(req.cookies.getAll().map((cookie) => [cookie.name, cookie.value])), "cookies"),
    query: { ...withSafeCallbackUrls(Object.fromEntries(url.searchParams), "query"), nextauth: segments },
    body,
  };
  const collected: CollectedResponse = { status: 200, headers: new Headers(), body: null };
  await NextAuth(nodeStyleRequest as never, collectingResponse(collected) as never, buildAuthOptions());
  const signedIn = segments[0] === "callback" && collected.headers.getSetCookie().some((cookie) => /session-token=[^;]/.test(cookie));
  // The phone this browser just proved (authorize verified exactly this number): from now on it is
  // one of the phone's own browsers, which strangers cannot spend the limits of (docs/decisions/002-otp-rules.md).
  const provedPhone = signedIn && typeof body?.phone === "string" ? toE164(body.phone) : null;
  if (provedPhone) collected.headers.append("Set-Cookie", knownBrowserSetCookie(provedPhone));
  // A player who has played gets the dashboard without the pitch on this browser too (docs/decisions/058-the-game-explains-itself.md).
  if (provedPhone && (await hasPhoneMadeATake(provedPhone))) collected.headers.append("Set-Cookie", playedSetCookie());
  const response = new Response(collected.body, { status: collected.status, headers: collected.headers });
  // A sign-in may have just created the player's profile: their first pages must find it even
  // before the replica has it (docs/decisions/032-read-replica.md).
  return signedIn ? rememberOwnWrite(response) : response;
}
