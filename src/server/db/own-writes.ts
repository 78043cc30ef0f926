import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookies } from "next/headers";
import type pg from "pg";
import { serverEnv } from "@/env";

/**
 * Read-your-writes on a replica (docs/decisions/032-read-replica.md). After a signed-in write the
 * answer carries a signed cookie holding the primary's WAL position at that moment; while the
 * replica has not replayed up to it, that browser's reads that would go to the replica go to the
 * primary. No cookie, a forged one, or a replica that has caught up: the replica.
 */
export const OWN_WRITE_COOKIE = "takes-own-write";
/** Long enough for any lag an operator would tolerate; the position, not the age, decides. */
export const OWN_WRITE_COOKIE_SECONDS = 300;
/** How long one reading of the replica's replay position answers for every request of the process. */
const REPLAY_POSITION_TTL_MS = 100;

/** A WAL position as PostgreSQL prints it ("16/B374D848") as a number; null when it is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? "");
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

function signature(position: string, secret: string): string {
  return createHmac("sha256", secret).update(`${OWN_WRITE_COOKIE}:${position}`).digest("base64url").slice(0, 32);
}

/** The cookie's value for a write that reached `lsn` on the primary. */
export function ownWriteCookieValue(lsn: bigint, secret = serverEnv().nextAuthSecret): string {
  const position = lsn.toString(16);
  return `${position}.${signature(position, secret)}`;
}

/** The position a cookie value vouches for, or null when it is malformed or not signed by us. */
export function verifyOwnWriteCookie(value: string | undefined, secret = serverEnv().nextAuthSecret): bigint | null {
  const match = /^([0-9a-f]{1,16})\.([A-Za-z0-9_-]{32})$/.exec(value ?? "");
  if (!match) return null;
  const expected = Buffer.from(signature(match[1]!, secret));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return BigInt(`0x${match[1]}`);
}

/**
 * The position the current request's own last write reached, from its cookie; null outside a
 * request (jobs, scripts, tests calling use-cases) or without a valid cookie.
 */
export async function ownWriteFloor(): Promise<bigint | null> {
  let value: string | undefined;
  try {
    value = (await cookies()).get(OWN_WRITE_COOKIE)?.value;
  } catch {
    return null; // not inside a request Next is serving
  }
  return verifyOwnWriteCookie(value);
}

let replayed: { at: number; position: Promise<bigint | null> } | undefined;

/**
 * The replica's replay position, read at most every 100 ms per process; null when the read
 * server is not replaying (not a standby: nothing to wait for). Throws when it cannot be read.
 */
function replayPosition(pool: pg.Pool): Promise<bigint | null> {
  const now = Date.now();
  if (!replayed || now - replayed.at > REPLAY_POSITION_TTL_MS) {
    const position = pool
      .query<{ lsn: string | null }>("select pg_last_wal_replay_lsn()::text as lsn")
      .then(({ rows }) => (rows[0]?.lsn == null ? null : parseLsn(rows[0].lsn)));
    replayed = { at: now, position };
    // A failed reading is not kept: the next request asks again.
    position.catch(() => {
      if (replayed?.position === position) replayed = undefined;
    });
  }
  return replayed.position;
}

/** Whether the replica behind `pool` has replayed the primary's WAL up to `floor` (false when it cannot tell). */
export async function replicaHasReplayed(pool: pg.Pool, floor: bigint): Promise<boolean> {
  try {
    const position = await replayPosition(pool);
    return position === null || position >= floor;
  } catch {
    return false;
  }
}
