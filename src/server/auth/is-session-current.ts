import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { gatheredRead } from "@/server/db/gathered-read";
import { profiles } from "@/server/db/schema";
import { isId } from "@/domain/ids";

/**
 * How long this instance trusts a profile's session_version it has read. The
 * instance that revokes updates its own copy at once; every other instance
 * refuses a revoked token at most this long after the revocation
 * (docs/decisions/018-redirects-and-session-revocation.md).
 */
export const SESSION_VERSION_CACHE_MS = 30_000;
const SESSION_VERSION_CACHE_SIZE = 20_000;

/**
 * Reads are gathered: every profile whose version is needed in one turn of the
 * event loop is read by one query, together with up to READ_AHEAD_LIMIT
 * profiles whose copy is already older than half the cache time (they would
 * each cost a query of their own soon). A busy instance then reads its active
 * players' versions in a few queries every SESSION_VERSION_CACHE_MS / 2
 * instead of one query per player (docs/decisions/022-cheaper-submission.md).
 * Each copy is still trusted for SESSION_VERSION_CACHE_MS from when it was
 * asked for, never longer.
 */
const READ_AHEAD_AFTER_MS = SESSION_VERSION_CACHE_MS / 2;
const READ_AHEAD_LIMIT = 500;

interface Known {
  version: Promise<number | null>;
  /** When the read behind `version` was asked for. */
  readAt: number;
  until: number;
}

// profile uuid → its session_version (null: no such profile), shared by the
// requests that ask at the same moment.
const knownVersions = new Map<string, Known>();

function remember(profileId: string, entry: Known): void {
  knownVersions.delete(profileId);
  if (knownVersions.size >= SESSION_VERSION_CACHE_SIZE) knownVersions.delete(knownVersions.keys().next().value!);
  knownVersions.set(profileId, entry);
}

async function readSessionVersions(profileIds: string[]): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db
    .select({ id: profiles.id, sessionVersion: profiles.sessionVersion })
    .from(profiles)
    // A deleted account has no session at all (decision 057), whatever its version.
    .where(sql`${profiles.id} = any(${`{${profileIds.join(",")}}`}::uuid[]) and ${profiles.deletedAt} is null`);
  return new Map(rows.map((row) => [row.id, row.sessionVersion]));
}

/**
 * The versions asked for in one turn of the event loop, read by one query (gatheredRead), with the
 * copies that will run out soon read along and replaced only if nothing replaced them meanwhile.
 */
const readVersion = gatheredRead<number | null>(async (asked) => {
  const now = Date.now();
  const askedNow = new Set(asked);
  // The map is in the order the copies were made, so the oldest come first.
  const ahead = new Map<string, Known>();
  for (const [profileId, entry] of knownVersions) {
    if (ahead.size >= READ_AHEAD_LIMIT || entry.readAt + READ_AHEAD_AFTER_MS > now) break;
    if (!askedNow.has(profileId)) ahead.set(profileId, entry);
  }
  const ids = [...asked, ...ahead.keys()].filter((id) => isId(id));
  const versions = ids.length > 0 ? await readSessionVersions(ids) : new Map<string, number>();
  for (const [profileId, entry] of ahead) {
    if (knownVersions.get(profileId) !== entry) continue;
    remember(profileId, { version: Promise.resolve(versions.get(profileId) ?? null), readAt: now, until: now + SESSION_VERSION_CACHE_MS });
  }
  return versions;
}, null);

function readSoon(profileId: string, now: number): Promise<number | null> {
  const version = readVersion(profileId);
  const entry: Known = { version, readAt: now, until: now + SESSION_VERSION_CACHE_MS };
  remember(profileId, entry);
  // A failed read is not remembered: the next request asks again.
  version.catch(() => {
    if (knownVersions.get(profileId) === entry) knownVersions.delete(profileId);
  });
  return version;
}

/** Records a version this instance has just written, so its own next request already refuses older tokens. */
export function rememberSessionVersion(profileId: string, version: number): void {
  const now = Date.now();
  remember(profileId, { version: Promise.resolve(version), readAt: now, until: now + SESSION_VERSION_CACHE_MS });
}

/**
 * Whether a session token issued at `sessionVersion` still stands: its
 * profile exists and has not logged out since. At most one read of the
 * profile per instance every SESSION_VERSION_CACHE_MS, gathered with the
 * other reads of the moment, so the hot player routes pay no database round
 * trip of their own for it.
 */
export async function isSessionCurrent(input: { profileId: string; sessionVersion: number }): Promise<boolean> {
  const now = Date.now();
  const known = knownVersions.get(input.profileId);
  if (known && known.until > now) return (await known.version) === input.sessionVersion;
  return (await readSoon(input.profileId, now)) === input.sessionVersion;
}

/** The version a token carries; tokens issued before session versions existed count as 0, the column's default. */
export function tokenSessionVersion(token: { sessionVersion?: unknown }): number {
  return typeof token.sessionVersion === "number" && Number.isInteger(token.sessionVersion) ? token.sessionVersion : 0;
}
