import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/** Suggestions a head-to-head form shows as a name is typed. */
export const OPPONENT_SUGGESTIONS = 6;
/** The player's most recent challenges read for names they have played (each index-ordered by time). */
const RECENT_CHALLENGES = 50;

export interface OpponentSearch {
  /** The player `query` names exactly (any case), with the handle as spelled; null when nobody has that name. */
  exact: { handle: string; isMe: boolean } | null;
  /** Up to OPPONENT_SUGGESTIONS names starting with `query`: players the viewer has played head-to-heads with first. */
  players: Array<{ handle: string; played: boolean }>;
}

/**
 * Who a head-to-head can be sent to, checked as the name is typed (issue 39 item 6): the exact player,
 * and names starting with what was typed, the viewer's past opponents first (their last
 * RECENT_CHALLENGES challenges, both ways), then anyone (the handle prefix index). Never the viewer.
 */
export async function findOpponents({ profileId, query }: { profileId: string; query: string }): Promise<OpponentSearch> {
  const db = await getReadDb();
  const typed = query.trim().replace(/^@/, "").toLowerCase();
  if (!/^[a-z0-9_]{1,20}$/.test(typed)) return { exact: null, players: [] };
  // Prefix match on lower(handle) collate "C" (profiles_handle_search_idx): underscores are literal here.
  const prefixEnd = `${typed}{`; // "{" follows every handle character (a-z, 0-9, _) in byte order
  const [exact, played, others] = await Promise.all([
    selectRows(
      db,
      sql`select id, handle from profiles where lower(handle) = ${typed} limit 1`,
      rowShape((r) => ({ id: r.text("id"), handle: r.text("handle") })),
    ),
    selectRows(
      db,
      sql`select p.handle from (
            (select challenged_profile_id as other, created_at from h2h_challenges where challenger_profile_id = ${profileId}
              order by created_at desc limit ${RECENT_CHALLENGES})
            union all
            (select challenger_profile_id as other, created_at from h2h_challenges where challenged_profile_id = ${profileId}
              order by created_at desc limit ${RECENT_CHALLENGES})
          ) c join profiles p on p.id = c.other
          where (lower(p.handle) collate "C") >= ${typed} and (lower(p.handle) collate "C") < ${prefixEnd}
          group by p.handle order by max(c.created_at) desc limit ${OPPONENT_SUGGESTIONS}`,
      rowShape((r) => ({ handle: r.text("handle") })),
    ),
    selectRows(
      db,
      sql`select handle from profiles
          where (lower(handle) collate "C") >= ${typed} and (lower(handle) collate "C") < ${prefixEnd} and id <> ${profileId}
          order by (lower(handle) collate "C") limit ${OPPONENT_SUGGESTIONS}`,
      rowShape((r) => ({ handle: r.text("handle") })),
    ),
  ]);
  const seen = new Set<string>();
  const players: OpponentSearch["players"] = [];
  for (const [rows, wasPlayed] of [
    [played, true],
    [others, false],
  ] as const) {
    for (const { handle } of rows) {
      if (players.length === OPPONENT_SUGGESTIONS || seen.has(handle.toLowerCase())) continue;
      seen.add(handle.toLowerCase());
      players.push({ handle, played: wasPlayed });
    }
  }
  const match = exact[0];
  return { exact: match ? { handle: match.handle, isMe: match.id === profileId } : null, players };
}
