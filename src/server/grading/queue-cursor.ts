import { AppError } from "@/server/http/app-error";
import { decodeTextsCursor, decodeTimeCursor, encodeCursor } from "@/server/http/keyset";

// A grading queue's GET reads its cursor with ZQueueQuery (src/domain/schemas/grading.ts); this decodes it.

/** What each key of a several-key cursor must be: a timestamp as PostgreSQL prints one (or ±infinity), or an integer. */
export type KeyKind = "time" | "int";

/**
 * The keys and id of a cursor whose key is several values
 * (encodeCursor(JSON.stringify(keys), id)), each checked against its kind
 * before it reaches SQL as a cast, so a forged cursor is a 400, never a 500
 * (docs/decisions/024-season-scale.md). A time key passes exactly when
 * decodeTimeCursor would accept it as a one-key cursor.
 */
export function decodeKeysCursor(cursor: string, kinds: KeyKind[]): { keys: string[]; id: string } {
  const decoded = decodeTextsCursor(cursor, kinds.length);
  const valid =
    decoded !== null &&
    kinds.every((kind, index) => {
      const key = decoded.keys[index]!;
      return kind === "int" ? /^-?\d{1,9}$/.test(key) : decodeTimeCursor(encodeCursor(key, decoded.id)) !== null;
    });
  if (!valid) throw new AppError("BAD_REQUEST", "Invalid cursor");
  return decoded;
}
