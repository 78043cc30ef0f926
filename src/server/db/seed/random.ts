import "server-only";
import { randomBytes } from "node:crypto";

// Random receipt ids and redemption codes, as the app makes them.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

const URL_SAFE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
// No 0/O or 1/I: codes are read off a screen and typed in.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomString(alphabet: string, length: number): string {
  // Rejection sampling keeps every character equally likely for any alphabet size.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** Receipt ids are short and unguessable (docs/PRODUCT.md §3): 10 URL-safe characters, 60 random bits. */
export const randomReceiptId = () => randomString(URL_SAFE_ALPHABET, 10);
export const randomCode = (length: number) => randomString(CODE_ALPHABET, length);
