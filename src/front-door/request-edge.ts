// The front door's first look at a request, before anything of the app sees it
// (docs/decisions/052-one-owned-server.md):
// - a path whose percent escapes do not decode to text is refused with a 400 here (Next answered
//   such a path with a plain-text 500: `/api/profile/%zz`, `/teams/%ED%A0%80`);
// - every header under our private prefix is removed, whatever the client sent, and the
//   connection's own address is written under PEER_ADDRESS_HEADER (Next's route handlers cannot see
//   the socket, and X-Forwarded-For proves nothing unless our own proxy wrote it:
//   src/server/http/client-address.ts). The raw header list is rewritten too, so nothing that reads
//   it sees a client's private header.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PAGE_FILL_HEADER, PEER_ADDRESS_HEADER, PRIVATE_HEADER_PREFIX } from "./bridge";
import { securityHeaders } from "./security-headers";

/** Whether every segment of the path decodes (malformed escapes and escaped invalid UTF-8 do not). */
export function hasReadablePath(url: string): boolean {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Answers a request the front door refuses itself: JSON for the API, a short page otherwise. */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  const api = (req.url ?? "").startsWith("/api/");
  const body = api
    ? JSON.stringify({ success: false, error: message })
    : `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Takes</title></head><body><main><h1>${message}</h1><p><a href="/">Go to the pack feed</a></p></main></body></html>`;
  const headers: Record<string, string> = {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
  };
  for (const { key, value } of securityHeaders) headers[key.toLowerCase()] = value;
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Removes every private header the client sent and writes the ones only the front door may:
 * the peer's address, and the page-fill mark on the shared cache's own requests.
 */
export function writePrivateHeaders(req: IncomingMessage, options: { ownFill: boolean }): void {
  const raw = req.rawHeaders;
  let sentPrivate = false;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase().startsWith(PRIVATE_HEADER_PREFIX)) {
      sentPrivate = true;
      break;
    }
  }
  if (sentPrivate) {
    const kept: string[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      if (!raw[i]!.toLowerCase().startsWith(PRIVATE_HEADER_PREFIX)) kept.push(raw[i]!, raw[i + 1]!);
    }
    req.rawHeaders = kept;
    for (const name of Object.keys(req.headers)) if (name.startsWith(PRIVATE_HEADER_PREFIX)) delete req.headers[name];
  }
  const peer = req.socket?.remoteAddress ?? "";
  req.headers[PEER_ADDRESS_HEADER] = peer;
  req.rawHeaders.push(PEER_ADDRESS_HEADER, peer);
  if (options.ownFill) {
    req.headers[PAGE_FILL_HEADER] = "1";
    req.rawHeaders.push(PAGE_FILL_HEADER, "1");
  }
}
