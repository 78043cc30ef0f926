/**
 * Where to go after signing in: `target` when it is a path on this site (one
 * leading "/", not "//" or "/\"), or an absolute URL on `origin` (next-auth
 * sends callbackUrl that way); anything else goes home.
 */
export function safeRedirectPath(target: string | null | undefined, origin: string): string {
  if (!target) return "/";
  if (target.startsWith("/")) {
    return /^\/[/\\]/.test(target) ? "/" : target;
  }
  try {
    const url = new URL(target);
    if (url.origin !== origin) return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
