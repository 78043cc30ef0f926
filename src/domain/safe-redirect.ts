/** Where a refused target leads instead. */
export const SAFE_REDIRECT_DEFAULT = "/";

// Longer targets are never ours (our own links are short) and only cost work.
const MAX_TARGET_LENGTH = 2_048;
// A target is percent-decoded this many times at most while looking for a hidden
// "\" or control character; one that still decodes further is refused.
const MAX_DECODE_ROUNDS = 4;

// C0 controls (tab, CR, LF...), DEL and the C1 range; browsers drop tabs and
// newlines from URLs, so "/\t/evil.example" would become "//evil.example".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;

/** `text` percent-decoded until it stops changing; null when that never happens or a sequence is malformed. */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** True when the decoded text could steer a browser or a server off the site: "\", controls, or "//" as the path's start. */
function looksHostile(text: string): boolean {
  const decoded = fullyDecoded(text);
  if (decoded === null) return true;
  if (CONTROL_OR_BACKSLASH.test(text) || CONTROL_OR_BACKSLASH.test(decoded)) return true;
  return /^\/\//.test(decoded);
}

/**
 * The one check for every redirect target (after sign-in, next-auth's
 * callbackUrl, `?card=`, logout): a path on this site, or an absolute URL on
 * `origin` (next-auth sends callbackUrl that way), comes back as a path that
 * stays on `origin`; anything else — another host or scheme, "//host",
 * "/\host", tabs, newlines or backslashes (also percent-encoded), userinfo —
 * gives "/". Never throws.
 */
export function safeRedirectPath(target: unknown, origin: string): string {
  if (typeof target !== "string" || target === "" || target.length > MAX_TARGET_LENGTH) return SAFE_REDIRECT_DEFAULT;
  if (looksHostile(target)) return SAFE_REDIRECT_DEFAULT;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    // A relative target must start with "/"; "packs" or "evil.example" are not paths on this site.
    url = target.startsWith("/") ? new URL(target, site.origin) : new URL(target);
  } catch {
    return SAFE_REDIRECT_DEFAULT;
  }
  if (url.origin !== site.origin || url.username !== "" || url.password !== "") return SAFE_REDIRECT_DEFAULT;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The resolved form is checked again: it is what the browser will be sent to.
  return path.startsWith("/") && !looksHostile(url.pathname) ? path : SAFE_REDIRECT_DEFAULT;
}

/** The same target as an absolute URL on `origin`, for next-auth, which answers with absolute callback URLs. */
export function safeRedirectUrl(target: unknown, origin: string): string {
  const site = new URL(origin).origin;
  return `${site}${safeRedirectPath(target, site)}`;
}
