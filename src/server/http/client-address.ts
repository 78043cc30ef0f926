import "server-only";
import { isIP } from "node:net";
import { serverEnv } from "@/env";
import { PEER_ADDRESS_HEADER } from "@/front-door/bridge";

/**
 * The header the front door writes on every request the production server receives: the TCP
 * peer's own address (src/front-door/request-edge.ts). It removes whatever the client sent under
 * that name, so it cannot be forged.
 */
export { PEER_ADDRESS_HEADER } from "@/front-door/bridge";

/** The bucket every client shares when no trustworthy address is known. */
export const UNKNOWN_ADDRESS = "unknown";

type HeaderSource = Headers | Record<string, unknown>;

function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string").join(", ");
  return undefined;
}

/**
 * "203.0.113.7", "203.0.113.7:51234", "[2001:db8::1]:443", "::ffff:203.0.113.7"
 * → a bare address; anything that is not an IP address → null.
 */
function bareAddress(entry: string): string | null {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1]!;
  const version = isIP(value);
  if (version === 4) return value;
  if (version === 6) return ipv6Network(value);
  return null;
}

/**
 * One IPv6 subscriber usually holds a whole /64, so an address inside it
 * could be changed at will; the limits count the /64 instead.
 */
function ipv6Network(address: string): string {
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The address a request's per-address limits count (docs/decisions/002-otp-rules.md).
 *
 * The chain is every X-Forwarded-For entry followed by the connection's own
 * address (the peer header). With `trustedProxyHops` = 0 the peer is the
 * client and forwarded headers are ignored; with n > 0 the n rightmost
 * entries are our own proxies and the entry just left of them is the client.
 * Entries further left were written by the client and are never read. A chain
 * shorter than that gives its leftmost entry (every entry was written by a
 * trusted proxy); a malformed entry at the client's place gives the nearest
 * trusted address to its right; no peer header (next dev, in-process tests)
 * means the peer is unknown. X-Real-IP is never read.
 */
export function clientAddress(headers: HeaderSource, trustedProxyHops = serverEnv().TRUSTED_PROXY_HOPS): string {
  const forwarded = trustedProxyHops > 0 ? (headerValue(headers, "x-forwarded-for") ?? "") : "";
  const chain = [
    ...forwarded
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    headerValue(headers, PEER_ADDRESS_HEADER)?.trim() ?? "",
  ];
  const clientIndex = Math.max(0, chain.length - 1 - trustedProxyHops);
  for (const entry of chain.slice(clientIndex)) {
    const address = bareAddress(entry);
    if (address) return address;
  }
  return UNKNOWN_ADDRESS;
}
