import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ChallengeStatus, H2hOutcome } from "@/domain/h2h";
import type { LiveGameSeed } from "@/domain/live";
import { TAKE_SIDES } from "@/domain/points";
import { liveGameJson, liveGameJsonRow, seedFromJson } from "@/server/live/live-game-json";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { h2hChallenges, packs, profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { isPackClosedForTakes, isPackOpenForChallenges } from "./pack-window";

export type { ChallengeStatus };

export interface MatchupTake {
  side: "A" | "B";
  result: string;
  points: number;
  /** What the take pays if it wins. */
  lockedValue: number;
}

export interface MatchupProp {
  id: string;
  shortLabel: string;
  sideAShort: string;
  sideBShort: string;
  status: string;
  challenger: MatchupTake | null;
  challenged: MatchupTake | null;
  /** The prop's game, for its live score line and "if it ended now" (docs/decisions/053-game-day-live.md). */
  game: LiveGameSeed | null;
}

export interface Matchup {
  id: string;
  status: ChallengeStatus;
  outcome: H2hOutcome | null;
  pack: { packURL: string; title: string; league: string; closeTime: string | null; graded: boolean };
  challenger: { handle: string };
  challenged: { handle: string };
  winnerHandle: string | null;
  viewerRole: "challenger" | "challenged" | null;
  /** The challenged player may still accept or decline. */
  canRespond: boolean;
  /** Both players' takes, prop by prop: null until the pack closes (picks are private before). */
  props: MatchupProp[] | null;
  totals: { challenger: { won: number; points: number }; challenged: { won: number; points: number } } | null;
  /** Each player's head-to-head bonus held now, in cents (the ledger's net). */
  bonusCents: { challenger: number; challenged: number };
}

const matchupGame = col.orNull(col.row(liveGameJsonRow));

const takeRow = rowShape((r) => ({
  prop_id: r.text("prop_id"),
  short_label: r.text("short_label"),
  side_a_short: r.text("side_a_short"),
  side_b_short: r.text("side_b_short"),
  prop_status: r.text("prop_status"),
  profile_id: r.textOrNull("profile_id"),
  side: r.oneOfOrNull("side", TAKE_SIDES),
  result: r.textOrNull("result"),
  points: r.intOrNull("points"),
  locked_value: r.intOrNull("locked_value"),
  game: r.get("game", matchupGame),
}));

/**
 * A head-to-head as its page shows it (`/h2h/{challengeId}`): who, which
 * pack, its state and result; both players' takes only once the pack has
 * closed. Handles only, never phone numbers.
 */
export async function getMatchup(options: {
  challengeId: string;
  viewerProfileId?: string | null;
  now?: Date;
  db?: DbOrTx;
}): Promise<Matchup> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(options.challengeId)) {
    throw new AppError("NOT_FOUND", "Challenge not found.");
  }
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ challenge: h2hChallenges, pack: packs })
    .from(h2hChallenges)
    .innerJoin(packs, eq(packs.id, h2hChallenges.packId))
    .where(eq(h2hChallenges.id, options.challengeId))
    .limit(1);
  if (!row || row.pack.status === "draft") throw new AppError("NOT_FOUND", "Challenge not found.");
  const { challenge, pack } = row;

  const people = await db
    .select({ id: profiles.id, handle: profiles.handle })
    .from(profiles)
    .where(sql`${profiles.id} in (${challenge.challengerProfileId}::uuid, ${challenge.challengedProfileId}::uuid)`);
  const handleOf = (id: string | null) => people.find((p) => p.id === id)?.handle ?? "Anonymous";

  const viewer = options.viewerProfileId ?? null;
  const viewerRole =
    viewer === challenge.challengerProfileId ? "challenger" : viewer === challenge.challengedProfileId ? "challenged" : null;
  const closed = isPackClosedForTakes(pack, now);

  let props: MatchupProp[] | null = null;
  let totals: Matchup["totals"] = null;
  if (closed) {
    const rows = await selectRows(
      db,
      sql`
        select pr.id as prop_id, pr.short_label, pr.side_a_short, pr.side_b_short, pr.status as prop_status,
               t.profile_id, t.side, t.result, t.points, t.locked_value,
               case when ev.id is null then null else ${liveGameJson("ev", "h", "a")} end as game
        from props pr
        left join ${SHOWN_EVENTS} ev on ev.id = pr.event_id
        left join teams h on h.id = ev.home_team_id
        left join teams a on a.id = ev.away_team_id
        left join takes t on t.prop_id = pr.id and t.is_current
          and t.profile_id in (${challenge.challengerProfileId}::uuid, ${challenge.challengedProfileId}::uuid)
        where pr.pack_id = ${pack.id}::uuid
        order by pr.position, pr.created_at, pr.id
      `,
      takeRow,
    );
    const byProp = new Map<string, MatchupProp>();
    for (const r of rows) {
      const prop =
        byProp.get(r.prop_id) ??
        ({
          id: r.prop_id,
          shortLabel: r.short_label,
          sideAShort: r.side_a_short,
          sideBShort: r.side_b_short,
          status: r.prop_status,
          challenger: null,
          challenged: null,
          game: r.game ? seedFromJson(r.game, pack.league) : null,
        } satisfies MatchupProp);
      byProp.set(r.prop_id, prop);
      if (!r.profile_id || !r.side) continue;
      const take = { side: r.side, result: r.result ?? "pending", points: Number(r.points ?? 0), lockedValue: Number(r.locked_value ?? 0) };
      if (r.profile_id === challenge.challengerProfileId) prop.challenger = take;
      else prop.challenged = take;
    }
    props = [...byProp.values()];
    const total = (key: "challenger" | "challenged") => ({
      won: props!.filter((p) => p[key]?.result === "won").length,
      points: props!.reduce((sum, p) => sum + (p[key]?.points ?? 0), 0),
    });
    totals = { challenger: total("challenger"), challenged: total("challenged") };
  }

  const held = await selectRows(
    db,
    sql`
      select profile_id, coalesce(sum(amount_cents), 0)::int as cents
      from token_ledger
      where profile_id in (${challenge.challengerProfileId}::uuid, ${challenge.challengedProfileId}::uuid)
        and kind = 'h2h_bonus'
        and (business_key like ${`h2h:${challenge.id}:%`} or business_key like ${`h2h-reversal:${challenge.id}:%`})
      group by profile_id
    `,
    rowShape((r) => ({ profile_id: r.text("profile_id"), cents: r.int("cents") })),
  );
  const heldBy = (id: string) => Number(held.find((h) => h.profile_id === id)?.cents ?? 0);

  return {
    id: challenge.id,
    status: challenge.status,
    outcome: challenge.outcome,
    pack: {
      packURL: pack.packUrl,
      title: pack.title,
      league: pack.league,
      closeTime: pack.closeTime?.toISOString() ?? null,
      graded: pack.status === "graded",
    },
    challenger: { handle: handleOf(challenge.challengerProfileId) },
    challenged: { handle: handleOf(challenge.challengedProfileId) },
    winnerHandle: challenge.winnerProfileId ? handleOf(challenge.winnerProfileId) : null,
    viewerRole,
    canRespond: viewerRole === "challenged" && challenge.status === "pending" && isPackOpenForChallenges(pack, now),
    props,
    totals,
    bonusCents: { challenger: heldBy(challenge.challengerProfileId), challenged: heldBy(challenge.challengedProfileId) },
  };
}
