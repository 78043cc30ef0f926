import "server-only";
import { hkdfSync, randomUUID } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

/**
 * The session token's encoding, next-auth's own format (a JWE, `dir` and A256GCM, its key derived
 * from the secret by HKDF-SHA256 with next-auth's info string), so every cookie next-auth issued
 * still reads and every cookie issued here reads with next-auth's `decode`. What differs is that the
 * key is derived once per secret, not on every call: next-auth derives it twice for each session
 * answer (decode and re-encode) and once more for each page that reads a session, each time on
 * Node's thread pool, an extra turn of a busy event loop per request
 * (docs/decisions/026-route-lane.md, "The session answer").
 */

const DEFAULT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Clock skew accepted on `exp`, as next-auth's decode accepts. */
const CLOCK_TOLERANCE_SECONDS = 15;

const derivedKeys = new Map<string, Uint8Array>();

function encryptionKey(secret: string | Buffer, salt = ""): Uint8Array {
  const secretText = typeof secret === "string" ? secret : secret.toString("base64");
  const id = `${secretText.length}:${secretText}:${salt}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", secret, salt, `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`, 32));
    // A process has one secret (two while a rotation is rolled out); the map cannot grow past a few.
    if (derivedKeys.size >= 4) derivedKeys.clear();
    derivedKeys.set(id, key);
  }
  return key;
}

export async function encodeSessionToken(params: JWTEncodeParams): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE_SECONDS, salt } = params;
  return new EncryptJWT(token)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + maxAge)
    .setJti(randomUUID())
    .encrypt(encryptionKey(secret, salt));
}

export async function decodeSessionToken(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, encryptionKey(secret, salt), { clockTolerance: CLOCK_TOLERANCE_SECONDS });
  return payload as JWT;
}
