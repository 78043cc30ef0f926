import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { h2hBonusCents, settleH2h, type H2hScore, type H2hTiePolicy } from "@/domain/h2h";
import { serverEnv } from "@/env";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { h2hChallenges, packs } from "@/server/db/schema";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";
import { uuidList } from "@/server/db/uuid-list";

export interface SettleH2hResult {
  /** Challenges settled (or settled again after a re-grade) in this run. */
  settled: number;
  /** Settled challenges whose pack was un-graded: payouts reversed, waiting for the new grades. */
  reopened: number;
  /** Pending challenges whose pack closed before they were answered. */
  expired: number;
}

/**
 * What the settlement of one pack's grading depends on: every prop's result.
 * A re-grade changes it; grading the same results again does not.
 */
const gradingFingerprint = (packId: SQL) =>
  sql`(select md5(coalesce(string_agg(pr.id::text || ':' || pr.status, ',' order by pr.id), '')) from props pr where pr.pack_id = ${packId})`;

/**
 * The head-to-head job (a periodic task): expires unanswered challenges on
 * closed packs, settles accepted ones once their pack is graded, settles
 * again when the pack is re-graded, and reverses payouts when it is
 * un-graded. Safe to run twice or on several machines at once: each
 * challenge is settled under its row lock against a fingerprint of the
 * grading it used, and every ledger row has a unique business key carrying
 * the settlement version, so a bonus is paid exactly once per settlement and
 * earlier payouts are reversed by new rows, never edited.
 */
export async function settleH2hChallenges(
  options: { now?: Date; db?: Db; bonusCents?: number; tiePolicy?: H2hTiePolicy; limit?: number } = {},
): Promise<SettleH2hResult> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const env = serverEnv();
  const bonusCents = options.bonusCents ?? h2hBonusCents(env.H2H_BONUS);
  const tiePolicy = options.tiePolicy ?? env.H2H_TIE_POLICY;

  const expired = await selectRows(
    db,
    sql`
      update h2h_challenges c set status = 'cancelled'
      from packs p
      where p.id = c.pack_id and c.status = 'pending'
        and (p.status in ('live', 'graded', 'archived') or (p.close_time is not null and p.close_time <= ${now.toISOString()}::timestamptz))
      returning c.id
    `,
    rowShape((r) => ({ id: r.text("id") })),
  );

  const due = await selectRows(
    db,
    sql`
      select c.id
      from h2h_challenges c
      join packs p on p.id = c.pack_id
      where (c.status = 'accepted' and p.status = 'graded')
         or (c.status = 'settled' and p.status <> 'graded')
         or (c.status = 'settled' and p.status = 'graded' and c.settled_grading is distinct from ${gradingFingerprint(sql`c.pack_id`)})
      order by c.created_at
      limit ${options.limit ?? 200}
    `,
    rowShape((r) => ({ id: r.text("id") })),
  );

  const result: SettleH2hResult = { settled: 0, reopened: 0, expired: expired.length };
  for (const { id } of due) {
    const outcome = await db.transaction((tx) => settleOne(tx, id, { now, bonusCents, tiePolicy }));
    if (outcome === "settled") result.settled++;
    if (outcome === "reopened") result.reopened++;
  }
  return result;
}

async function settleOne(
  tx: Tx,
  challengeId: string,
  config: { now: Date; bonusCents: number; tiePolicy: H2hTiePolicy },
): Promise<"settled" | "reopened" | "unchanged"> {
  const [challenge] = await tx.select().from(h2hChallenges).where(eq(h2hChallenges.id, challengeId)).for("update");
  if (!challenge || (challenge.status !== "accepted" && challenge.status !== "settled")) return "unchanged";
  // A share lock on the pack waits for any grading of it in flight and holds grading off until we commit,
  // so the results read below are the ones the fingerprint names.
  const [pack] = await tx.select({ status: packs.status }).from(packs).where(eq(packs.id, challenge.packId)).for("share");
  if (!pack) return "unchanged";
  const players = { challenger: challenge.challengerProfileId, challenged: challenge.challengedProfileId };
  const version = challenge.settlementVersion + 1;

  if (pack.status !== "graded") {
    if (challenge.status !== "settled") return "unchanged";
    await payDifference(tx, challenge, version, { [players.challenger]: 0, [players.challenged]: 0 });
    await tx
      .update(h2hChallenges)
      .set({ status: "accepted", outcome: null, winnerProfileId: null, settledAt: null, settledGrading: null, settlementVersion: version })
      .where(eq(h2hChallenges.id, challengeId));
    return "reopened";
  }

  const [{ grading } = { grading: "" }] = await selectRows(
    tx,
    sql`select ${gradingFingerprint(sql`${challenge.packId}::uuid`)} as grading`,
    rowShape((r) => ({ grading: r.text("grading") })),
  );
  if (challenge.status === "settled" && challenge.settledGrading === grading) return "unchanged";

  const scores = await selectRows(
    tx,
    sql`
      select t.profile_id, (count(*) filter (where t.result = 'won'))::int as won, coalesce(sum(t.points), 0)::int as points
      from takes t
      where t.pack_id = ${challenge.packId}::uuid and t.is_current
        and t.profile_id in (${players.challenger}::uuid, ${players.challenged}::uuid)
      group by t.profile_id
    `,
    rowShape((r) => ({ profile_id: r.text("profile_id"), won: r.int("won"), points: r.int("points") })),
  );
  const scoreOf = (profileId: string): H2hScore => {
    const row = scores.find((s) => s.profile_id === profileId);
    return { won: Number(row?.won ?? 0), points: Number(row?.points ?? 0) };
  };
  const settlement = settleH2h({
    challenger: scoreOf(players.challenger),
    challenged: scoreOf(players.challenged),
    bonusCents: config.bonusCents,
    tiePolicy: config.tiePolicy,
  });
  await payDifference(tx, challenge, version, {
    [players.challenger]: settlement.payoutCents.challenger,
    [players.challenged]: settlement.payoutCents.challenged,
  });
  const winnerProfileId =
    settlement.outcome === "challenger" ? players.challenger : settlement.outcome === "challenged" ? players.challenged : null;
  await tx
    .update(h2hChallenges)
    .set({
      status: "settled",
      outcome: settlement.outcome,
      winnerProfileId,
      settledAt: config.now,
      settledGrading: grading,
      settlementVersion: version,
    })
    .where(eq(h2hChallenges.id, challengeId));
  return "settled";
}

/**
 * Brings each player's net head-to-head bonus for this challenge to `target`
 * cents with append-only rows: a reversal of what they hold now and a new
 * payout, both keyed with this settlement's version. A player whose amount
 * does not change gets no rows.
 */
async function payDifference(
  tx: Tx,
  challenge: { id: string; packId: string },
  version: number,
  target: Record<string, number>,
): Promise<void> {
  const challengeId = challenge.id;
  const profileIds = Object.keys(target);
  const held = await selectRows(
    tx,
    sql`
      select profile_id, coalesce(sum(amount_cents), 0)::int as cents
      from token_ledger
      where profile_id in (${uuidList(profileIds)})
        and kind = 'h2h_bonus'
        and (business_key like ${`h2h:${challengeId}:%`} or business_key like ${`h2h-reversal:${challengeId}:%`})
      group by profile_id
    `,
    rowShape((r) => ({ profile_id: r.text("profile_id"), cents: r.int("cents") })),
  );
  for (const profileId of profileIds) {
    const current = Number(held.find((row) => row.profile_id === profileId)?.cents ?? 0);
    const wanted = target[profileId]!;
    if (current === wanted) continue;
    if (current !== 0) {
      await appendLedgerEntry(tx, {
        profileId,
        amountCents: -current,
        kind: "h2h_bonus",
        businessKey: `h2h-reversal:${challengeId}:${profileId}:v${version}`,
        reason: "Head-to-head re-settled",
        packId: challenge.packId,
      });
    }
    if (wanted > 0) {
      await appendLedgerEntry(tx, {
        profileId,
        amountCents: wanted,
        kind: "h2h_bonus",
        businessKey: `h2h:${challengeId}:${profileId}:v${version}`,
        reason: "Head-to-head bonus",
        packId: challenge.packId,
      });
    }
  }
}
