import "server-only";
import { serverEnv } from "@/env";
import { AppError } from "./app-error";

// What every API request must satisfy before a route sees it: a write comes
// from one of our own pages (or from no browser at all), carries a body type
// the route declared, stays under a byte limit while it streams in, and holds
// only text PostgreSQL can store. docs/decisions/017-request-edge.md

/** Largest request body any route reads, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const isWriteMethod = (method: string) => WRITE_METHODS.has(method.toUpperCase());

/** The media type of a request, lower-cased, without parameters (`application/json; charset=utf-8` → `application/json`). */
export function mediaType(req: Request): string | null {
  const header = req.headers.get("content-type");
  if (header === null) return null;
  return header.split(";")[0]!.trim().toLowerCase();
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether `origin` is this app: the public address we are configured with
 * (NEXTAUTH_URL, what a proxy in front of us serves), or the host this request
 * was sent to. The Host comparison ignores the scheme, because a proxy that
 * ends TLS forwards https pages to us over http.
 */
function isOwnOrigin(origin: string, req: Request): boolean {
  if (origin === originOf(serverEnv().NEXTAUTH_URL)) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = req.headers.get("host") ?? new URL(req.url).host;
  return originHost.toLowerCase() === host.toLowerCase();
}

/**
 * Refuses a cross-origin write (403): a foreign or opaque (`null`) Origin, or
 * Sec-Fetch-Site other than same-origin. A request with neither header comes
 * from no browser (curl, a server, a test) and cannot carry a visitor's cookies
 * against their will, so it passes; every browser sends Origin on a
 * cross-origin POST/PUT/PATCH/DELETE.
 */
export function assertSameOriginWrite(req: Request): void {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite === "same-origin") return;
  const origin = req.headers.get("origin");
  if (fetchSite !== null || (origin !== null && !isOwnOrigin(origin, req))) {
    throw new AppError(
      "FORBIDDEN",
      "Cross-origin requests are not allowed.",
      {},
      `refused write from origin ${origin} (sec-fetch-site ${fetchSite})`,
    );
  }
}

/**
 * Refuses (415) a write whose declared body type is not one of `accepted`.
 * A write without Content-Type passes here; reading a body then requires one.
 */
export function assertAcceptedContentType(req: Request, accepted: readonly string[]): void {
  const type = mediaType(req);
  if (type !== null && !accepted.includes(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the request body as ${accepted.join(" or ")}.`);
  }
}

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "Request body is too large.");

// How much of a refused body is still read (and thrown away) so a keep-alive
// connection can carry the client's next request.
const DISCARD_BYTES = 1024 * 1024;

/**
 * Reads a refused body's rest without keeping it, up to DISCARD_BYTES, then
 * stops reading. It never cancels: cancelling destroys Node's socket before
 * the 413 is written. Left unread, a longer upload stalls on TCP backpressure
 * until the client hangs up (it has its answer) or the keep-alive timeout
 * closes the connection.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let discarded = 0;
  try {
    while (discarded < DISCARD_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
    }
    reader.releaseLock();
  } catch {
    // the client went away
  }
}

/**
 * Reads the body as it streams in, counting bytes: a declared Content-Length
 * over `limit` is refused before reading, a longer (e.g. chunked) body the
 * moment it passes `limit`; nothing past the limit is kept in memory.
 */
export async function readBodyBytes(req: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void discardRest(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as text: bytes limited as in readBodyBytes, and invalid UTF-8 is a 400. */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(req, limit);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError("BAD_REQUEST", "Request body is not valid UTF-8.");
  }
}

/**
 * Text PostgreSQL can store: no NUL (text columns refuse \u0000, which would
 * surface as a 500) and no lone UTF-16 surrogate (the driver would silently
 * turn it into U+FFFD).
 */
export const isStorableText = (text: string) => !text.includes("\u0000") && text.isWellFormed();

const unstorable = (where: string) => new AppError("BAD_REQUEST", `The ${where} contains a null character or invalid Unicode.`);

/** Refuses (400) a query string or route parameter PostgreSQL could not store. */
export function assertStorableUrl(url: URL, params: Record<string, string | string[]>): void {
  for (const [key, value] of url.searchParams) {
    if (!isStorableText(key) || !isStorableText(value)) throw unstorable("query string");
  }
  for (const value of Object.values(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string" && !isStorableText(item)) throw unstorable("address");
    }
  }
}

/** Refuses (400) a parsed JSON body with any key or string PostgreSQL could not store. */
export function assertStorableJson(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (!isStorableText(item)) throw unstorable("request body");
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) throw unstorable("request body");
        pending.push(child);
      }
    }
  }
}
