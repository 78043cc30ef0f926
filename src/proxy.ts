import { NextResponse, type NextRequest } from "next/server";
import { PAGE_FILL_HEADER } from "@/front-door/bridge";

/**
 * A fresh nonce per page request and a strict Content-Security-Policy: only
 * scripts carrying the nonce (Next adds it to its own) and what they load run.
 * Style attributes stay allowed (React style props); frames are same-origin
 * only, which is what the receipt dialog needs.
 *
 * A page rendered for the shared page cache (the front door marks the request
 * with PAGE_FILL_HEADER; no client can: src/front-door/request-edge.ts) gets no nonce: its copy is
 * served to many viewers, so the cache lists the SHA-256 of each of its inline
 * scripts instead (docs/decisions/025-shared-page-cache.md).
 */
export function proxy(request: NextRequest) {
  const forCache = request.headers.get(PAGE_FILL_HEADER) === "1";
  const nonce = forCache ? null : btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  if (nonce) {
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", csp);
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

function contentSecurityPolicy(nonce: string | null): string {
  const development = process.env.NODE_ENV === "development";
  const scripts = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const config = {
  matcher: [
    {
      source: "/((?!api|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
