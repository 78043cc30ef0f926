import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt's recommended interactive cost (RFC 7914 §2): ~50 ms and 16 MiB per hash.
const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// Upper bounds on the cost read back from a stored hash, so a tampered row
// cannot make verification allocate unbounded memory or time.
const MAX_COST = { N: 1 << 20, r: 32, p: 16 } as const;

function deriveKey(secret: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
    scrypt(secret, salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a secret (e.g. a members password) as `scrypt:N:r:p:saltB64:hashB64`. */
export async function hashSecret(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(plain, salt, KEY_LENGTH, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join(":");
}

/** True when `plain` matches a hash from hashSecret; compares in constant time; false for malformed hashes. */
export async function verifySecret(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split(":");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validCost =
    [N, r, p].every((n) => Number.isInteger(n) && n > 0) && N <= MAX_COST.N && r <= MAX_COST.r && p <= MAX_COST.p && (N & (N - 1)) === 0;
  if (!validCost) return false;
  const salt = Buffer.from(parts[4]!, "base64");
  const expected = Buffer.from(parts[5]!, "base64");
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await deriveKey(plain, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}
