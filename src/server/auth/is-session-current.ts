import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";

/**
 * How long this instance trusts a profile's session_version it has read. The
 * instance that revokes updates its own copy at once; every other instance
 * refuses a revoked token at most this long after the revocation
 * (docs/decisions/018-redirects-and-session-revocation.md).
 */
export const SESSION_VERSION_CACHE_MS = 30_000;
const SESSION_VERSION_CACHE_SIZE = 20_000;

// profile uuid → its session_version (null: no such profile), shared by the
// requests that ask at the same moment.
const knownVersions = new Map<string, { version: Promise<number | null>; until: number }>();

function remember(profileId: string, version: Promise<number | null>, now: number): void {
  knownVersions.delete(profileId);
  if (knownVersions.size >= SESSION_VERSION_CACHE_SIZE) knownVersions.delete(knownVersions.keys().next().value!);
  knownVersions.set(profileId, { version, until: now + SESSION_VERSION_CACHE_MS });
}

async function readSessionVersion(profileId: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ sessionVersion: profiles.sessionVersion })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row ? row.sessionVersion : null;
}

/** Records a version this instance has just written, so its own next request already refuses older tokens. */
export function rememberSessionVersion(profileId: string, version: number): void {
  remember(profileId, Promise.resolve(version), Date.now());
}

/**
 * Whether a session token issued at `sessionVersion` still stands: its
 * profile exists and has not logged out since. At most one read of the
 * profile per instance every SESSION_VERSION_CACHE_MS, so the hot player
 * routes pay no database round trip for it.
 */
export async function isSessionCurrent(input: { profileId: string; sessionVersion: number }): Promise<boolean> {
  const now = Date.now();
  const known = knownVersions.get(input.profileId);
  if (known && known.until > now) return (await known.version) === input.sessionVersion;
  const version = readSessionVersion(input.profileId);
  remember(input.profileId, version, now);
  // A failed read is not remembered: the next request asks again.
  version.catch(() => {
    if (knownVersions.get(input.profileId)?.version === version) knownVersions.delete(input.profileId);
  });
  return (await version) === input.sessionVersion;
}

/** The version a token carries; tokens issued before session versions existed count as 0, the column's default. */
export function tokenSessionVersion(token: { sessionVersion?: unknown }): number {
  return typeof token.sessionVersion === "number" && Number.isInteger(token.sessionVersion) ? token.sessionVersion : 0;
}
