import type { NextConfig } from "next";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // The receipt dialog frames our own receipt page; nobody else may frame us.
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/**
 * On an https site browsers must never try plain http again (a year; the
 * site's own subdomains too). Next fixes this list at build time: a build
 * whose NEXTAUTH_URL is https sends it on every answer; any other build still
 * sends it on requests our TLS proxy marks `X-Forwarded-Proto: https`, so a
 * build made without the deployed URL is covered too. Plain http (local dev,
 * the browser tests) gets none, and browsers ignore it over http anyway
 * (docs/decisions/018-redirects-and-session-revocation.md).
 */
const strictTransportSecurity = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };
const isHttpsSite = () => (process.env.NEXTAUTH_URL ?? "").trim().toLowerCase().startsWith("https://");

const nextConfig: NextConfig = {
  // A second build side by side (the pack-sharing browser test builds with NEXT_PUBLIC_PACK_SHARING into .next-sharing).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: { unoptimized: true },
  // forbidden() answers signed-in non-admins on admin pages with a real 403 (src/server/auth/require-admin-page.ts).
  experimental: {
    authInterrupts: true,
    // The stylesheet comes inside the HTML (about 8 kB compressed) instead of as a second,
    // render-blocking request: the page paints from its HTML alone, before any script arrives
    // (docs/decisions/023-load-budget.md).
    inlineCss: true,
  },
  async headers() {
    if (isHttpsSite()) return [{ source: "/:path*", headers: [...securityHeaders, strictTransportSecurity] }];
    return [
      { source: "/:path*", headers: securityHeaders },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [strictTransportSecurity],
      },
    ];
  },
};

export default nextConfig;
