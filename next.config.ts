import type { NextConfig } from "next";
import { HTML_LIMITED_BOTS } from "./src/front-door/bots";
import { isHttpsSite, securityHeaders, strictTransportSecurity } from "./src/front-door/security-headers";

const nextConfig: NextConfig = {
  // A second build side by side (NEXT_DIST_DIR=.next-other npm run build), e.g. to compare two versions in a benchmark.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // @resvg/resvg-js: a native addon (src/server/pictures/render-png.ts), loaded by Node, not bundled.
  // prom-client: the same module instance as the front door's (src/front-door/server.ts), whose registry the app shares.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "prom-client", "@resvg/resvg-js"],
  poweredByHeader: false,
  // Crawlers and link previewers get their metadata in the head: one list with the page cache,
  // which never serves them a copy (src/front-door/bots.ts, docs/decisions/052-one-owned-server.md).
  htmlLimitedBots: HTML_LIMITED_BOTS,
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
