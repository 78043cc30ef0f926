import "server-only";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import type { PackStatus } from "@/domain/authoring";
import { packEvents, packs, props } from "@/server/db/schema";

/** A game ESPN now lists at another start time. */
export interface GameMove {
  eventId: string;
  from: Date;
  to: Date;
}

export interface FollowedGames {
  /** Props whose close moved with their game's start. */
  propsMoved: number;
  packsMoved: number;
  /** Props (and packs) that stopped taking picks because ESPN says their game has begun or will not be played. */
  propsLocked: number;
  packsLocked: number;
}

/** Packs still before or during play: their close may follow their games. */
const UNSETTLED_PACKS: PackStatus[] = ["draft", "open"];

/**
 * Keeps picks in step with the games ESPN reports (docs/decisions/043-props-follow-their-games.md),
 * inside the import's transaction:
 *
 * - A game that moved carries along every prop (and pack) that closed at its old start: a prop
 *   made to lock at kickoff still locks at kickoff when the league flexes or delays the game. A
 *   prop or pack given a close of its own is left alone. A pack's new close is its latest game's
 *   start.
 * - A game ESPN reports as begun, over, postponed, suspended or cancelled stops taking picks at
 *   once, whatever its props' close said: nobody picks a side after kickoff because the schedule
 *   we had was wrong. A pack whose every game has left the schedule closes with them.
 */
export async function followGames(tx: DbOrTx, input: { moves: GameMove[]; startedEventIds: string[]; now?: Date }): Promise<FollowedGames> {
  const now = input.now ?? new Date();
  const followed: FollowedGames = { propsMoved: 0, packsMoved: 0, propsLocked: 0, packsLocked: 0 };

  for (const move of input.moves) {
    const movedProps = await tx
      .update(props)
      .set({ closeTime: move.to, updatedAt: now })
      .where(and(eq(props.eventId, move.eventId), eq(props.status, "open"), eq(props.closeTime, move.from)))
      .returning({ id: props.id });
    followed.propsMoved += movedProps.length;
    const movedPacks = await tx
      .update(packs)
      .set({
        closeTime: sql`(select max(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = ${packs.id})`,
        updatedAt: now,
      })
      .where(
        and(
          inArray(packs.id, tx.select({ id: packEvents.packId }).from(packEvents).where(eq(packEvents.eventId, move.eventId))),
          inArray(packs.status, UNSETTLED_PACKS),
          eq(packs.closeTime, move.from),
        ),
      )
      .returning({ id: packs.id });
    followed.packsMoved += movedPacks.length;
  }

  if (input.startedEventIds.length > 0) {
    const locked = await tx
      .update(props)
      .set({ closeTime: now, updatedAt: now })
      .where(
        and(inArray(props.eventId, input.startedEventIds), eq(props.status, "open"), or(isNull(props.closeTime), gt(props.closeTime, now))),
      )
      .returning({ id: props.id });
    followed.propsLocked = locked.length;
    const lockedPacks = await tx
      .update(packs)
      .set({ closeTime: now, updatedAt: now })
      .where(
        and(
          inArray(
            packs.id,
            tx.select({ id: packEvents.packId }).from(packEvents).where(inArray(packEvents.eventId, input.startedEventIds)),
          ),
          inArray(packs.status, UNSETTLED_PACKS),
          or(isNull(packs.closeTime), gt(packs.closeTime, now)),
          sql`not exists (select 1 from pack_events pe join events e on e.id = pe.event_id
                          where pe.pack_id = ${packs.id} and e.status = 'scheduled')`,
        ),
      )
      .returning({ id: packs.id });
    followed.packsLocked = lockedPacks.length;
  }
  return followed;
}
