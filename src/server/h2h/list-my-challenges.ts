import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { CHALLENGE_STATUSES, type ChallengeStatus } from "@/domain/h2h";

export interface MyChallenge {
  id: string;
  status: ChallengeStatus;
  outcome: string | null;
  packURL: string;
  packTitle: string;
  opponentHandle: string;
  /** The viewer was challenged (and may have to answer). */
  incoming: boolean;
  won: boolean | null;
  createdAt: string;
}

/** A player's head-to-heads, newest first, those waiting for their answer on top (at most 100). */
export async function listMyChallenges(options: { profileId: string; db?: DbOrTx }): Promise<MyChallenge[]> {
  const db = options.db ?? (await getReadDb());
  const rows = await selectRows(
    db,
    sql`
      select c.id, c.status, c.outcome, p.pack_url, p.title as pack_title, o.handle as opponent_handle,
             (c.challenged_profile_id = ${options.profileId}::uuid) as incoming, c.winner_profile_id, c.created_at
      from h2h_challenges c
      join packs p on p.id = c.pack_id
      join profiles o on o.id = case when c.challenger_profile_id = ${options.profileId}::uuid then c.challenged_profile_id else c.challenger_profile_id end
      where (c.challenger_profile_id = ${options.profileId}::uuid or c.challenged_profile_id = ${options.profileId}::uuid)
        and p.status <> 'draft'
      order by (c.status = 'pending' and c.challenged_profile_id = ${options.profileId}::uuid) desc, c.created_at desc
      limit 100
    `,
    challengeRow,
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    outcome: row.outcome,
    packURL: row.pack_url,
    packTitle: row.pack_title,
    opponentHandle: row.opponent_handle,
    incoming: row.incoming,
    won: row.status === "settled" && row.outcome !== "tie" ? row.winner_profile_id === options.profileId : null,
    createdAt: row.created_at,
  }));
}

const challengeRow = rowShape((r) => ({
  id: r.text("id"),
  status: r.oneOf("status", CHALLENGE_STATUSES),
  outcome: r.textOrNull("outcome"),
  pack_url: r.text("pack_url"),
  pack_title: r.text("pack_title"),
  opponent_handle: r.text("opponent_handle"),
  incoming: r.bool("incoming"),
  winner_profile_id: r.textOrNull("winner_profile_id"),
  created_at: r.iso("created_at"),
}));
