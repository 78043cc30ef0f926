/**
 * The caller's address for rate limits: the first x-forwarded-for entry (set
 * by our load balancer), else x-real-ip, else "unknown" (which then shares
 * one bucket). Deployments must put a proxy in front that overwrites these
 * headers; see docs/decisions/002-otp-rules.md.
 */
export function clientIpFrom(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  const real = headers.get("x-real-ip")?.trim();
  return real || "unknown";
}
