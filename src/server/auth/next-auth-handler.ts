import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { MAX_JSON_BODY_BYTES } from "@/server/http/api";
import { buildAuthOptions } from "./auth-options";

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

async function readAuthBody(req: Request): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  const text = await req.text();
  if (text.length > MAX_JSON_BODY_BYTES) return undefined;
  const contentType = req.headers.get("content-type") ?? "";
  if (contentType.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : undefined;
    } catch {
      return undefined;
    }
  }
  if (contentType.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return undefined;
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
  const nodeStyleRequest = {
    method: req.method,
    headers: Object.fromEntries(req.headers),
    cookies: Object.fromEntries(req.cookies.getAll().map((cookie) => [cookie.name, cookie.value])),
    query: { ...Object.fromEntries(url.searchParams), nextauth: segments },
    body: await readAuthBody(req),
  };
  const collected: CollectedResponse = { status: 200, headers: new Headers(), body: null };
  await NextAuth(nodeStyleRequest as never, collectingResponse(collected) as never, buildAuthOptions());
  return new Response(collected.body, { status: collected.status, headers: collected.headers });
}
