import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/** The browser cookie that remembers a members gate was passed (http-only, never readable by scripts). */
export const MEMBERS_ACCESS_COOKIE = "members_access";
/** Access lasts across reloads and visits for this long, unless the password is rotated first. */
export const MEMBERS_ACCESS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const PASSWORD_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface MembersAccessGrant {
  passwordId: string;
  /** member_passwords.version when access was granted; rotation bumps it, so older grants stop working. */
  version: number;
  expiresAt: Date;
}

function signature(secret: string, grant: { passwordId: string; version: number; expiresAtSeconds: number }): Buffer {
  return createHmac("sha256", secret).update(`members-access:${grant.passwordId}:${grant.version}:${grant.expiresAtSeconds}`).digest();
}

/**
 * `{passwordId}.{version}.{expiresAtSeconds}.{hmac}`: the password itself is
 * never in it; the HMAC with the server secret makes it unforgeable.
 */
export function signMembersAccess(secret: string, grant: MembersAccessGrant): string {
  const expiresAtSeconds = Math.floor(grant.expiresAt.getTime() / 1000);
  const mac = signature(secret, { ...grant, expiresAtSeconds }).toString("base64url");
  return [grant.passwordId, grant.version, expiresAtSeconds, mac].join(".");
}

/** The grant a cookie carries when its signature holds and it has not expired; otherwise null. */
export function readMembersAccess(secret: string, value: string | undefined | null, now: Date): MembersAccessGrant | null {
  if (!value || value.length > 256) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [passwordId, versionText, expiresText, macText] = parts as [string, string, string, string];
  if (!PASSWORD_ID.test(passwordId) || !/^\d{1,9}$/.test(versionText) || !/^\d{1,12}$/.test(expiresText)) return null;
  const version = Number(versionText);
  const expiresAtSeconds = Number(expiresText);
  const expected = signature(secret, { passwordId, version, expiresAtSeconds });
  const given = Buffer.from(macText, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (expiresAtSeconds * 1000 <= now.getTime()) return null;
  return { passwordId, version, expiresAt: new Date(expiresAtSeconds * 1000) };
}
