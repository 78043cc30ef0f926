import "server-only";
import { sql } from "drizzle-orm";
import { writeContext, type Clocked } from "@/server/db/write-context";
import { rowShape, selectRows } from "@/server/db/rows";
import { createChallenge } from "@/server/h2h/create-challenge";
import { AppError } from "@/server/http/app-error";
import { findRematchPack } from "./find-rematch-pack";

/**
 * One-tap rematch: challenges `opponentHandle` on the next pack the two can still play
 * (findRematchPack), through createChallenge and all its rules (the opponent's text, once per pair
 * per pack, the hourly limit). Refuses with 409 when no such pack is open.
 */
export async function rematch(options: { challengerProfileId: string; opponentHandle: string } & Clocked) {
  const { db, now } = await writeContext(options);
  const handle = options.opponentHandle.trim().replace(/^@/, "");
  const [opponent] = await selectRows(
    db,
    sql`select id from profiles where lower(handle) = lower(${handle}) and phone is not null limit 1`,
    rowShape((r) => ({ id: r.text("id") })),
  );
  if (!opponent) throw new AppError("NOT_FOUND", `No player called @${handle}.`);
  if (opponent.id === options.challengerProfileId) throw new AppError("BAD_REQUEST", "You can't challenge yourself.");
  const pack = await findRematchPack(db, { viewerId: options.challengerProfileId, opponentId: opponent.id, now });
  if (!pack) throw new AppError("CONFLICT", `No open pack left for a rematch with @${handle}. Try again when the next pack opens.`);
  const created = await createChallenge({ ...options, packURL: pack.packURL, opponentHandle: handle });
  return { ...created, packURL: pack.packURL, packTitle: pack.title };
}
