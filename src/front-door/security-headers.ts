// The headers every answer carries, in one place: next.config.ts sends them on whatever Next
// serves, and the front door (src/front-door/server.ts) on what it answers itself: the submission
// lane's answers and its own refusals. No "server-only" here: next.config.ts imports it.

export const securityHeaders = [
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
export const strictTransportSecurity = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };
export const isHttpsSite = () => (process.env.NEXTAUTH_URL ?? "").trim().toLowerCase().startsWith("https://");
