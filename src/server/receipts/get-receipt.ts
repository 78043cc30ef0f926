import "server-only";
import { sql } from "drizzle-orm";
import { isAcceptingTakes, isPropOpen } from "@/domain/pack-state";
import { isPackURL, isReceiptId } from "@/domain/share";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import type { LiveGameSeed } from "@/domain/live";
import { liveEventColumns, liveEventFields, liveSeedOfRow } from "@/server/live/live-event-row";
import type { PriceChart, TakePrices } from "@/domain/prices";
import { priceTakes, takePriceColumns, takePriceFields } from "@/server/prices/take-prices";

export interface ReceiptTakeView {
  propId: string;
  propLabel: string;
  /** The prop's game, "BAL @ PIT" (or the event's own short name), when it has one: two "Who wins?" read apart. */
  matchup: string | null;
  side: "A" | "B";
  sideLabel: string;
  /** Both sides' short labels, for the price chart's legend. */
  sideLabels: { A: string; B: string };
  sideTake: string;
  propStatus: "Open" | "Closed" | "Graded";
  result: string;
  points: number;
  /** What the pick pays if it wins. */
  lockedValue: number;
  createdAt: Date;
  /** The prop's game as the live score line starts from (docs/decisions/053-game-day-live.md). */
  game: LiveGameSeed | null;
  /** The price the take locked, the price now while open, the close once locked (decision 056). */
  prices: TakePrices;
  /** The prop's line chart; null with fewer than two prices. */
  chart: PriceChart | null;
}

export interface ReceiptView {
  id: string;
  createdAt: Date;
  owner: { handle: string; avatarUrl: string | null; favoriteTeam: string | null };
  pack: { packURL: string; title: string; summary: string | null; coverUrl: string | null; accepting: boolean };
  takes: ReceiptTakeView[];
  /** The commissioner's fixes of the owner's picks on this pack, newest first (docs/decisions/061-pick-fixes.md). */
  fixes: ReceiptFixView[];
}

/** A pick the commissioner added, switched or removed, as the player reads it on their receipt. */
export interface ReceiptFixView {
  propLabel: string;
  /** "Eagles", or "No pick". */
  before: string;
  after: string;
  reason: string;
  at: Date;
  /** The receipt that holds the picks after the fix. */
  receiptId: string;
  /** Made after this receipt, so this receipt still shows the pick as it was. */
  later: boolean;
}

const GRADED = new Set(["gradedA", "gradedB", "push", "void"]);

/**
 * A receipt as anyone with its link sees it: the owner's handle (never a
 * phone) and the picks that stood right after that submission. Null when the
 * id is unknown or belongs to another pack.
 */
export async function getReceipt(input: { packURL: string; receiptId: string; now?: Date }): Promise<ReceiptView | null> {
  const now = input.now ?? new Date();
  if (!isPackURL(input.packURL) || !isReceiptId(input.receiptId)) return null;
  const db = await getDb();
  const [head] = await selectRows(
    db,
    sql`select r.id, r.created_at, pr.handle, pr.avatar_url, tm.full_name as favorite_team,
          p.pack_url, p.league, p.title, p.summary, p.cover_url, p.status, p.open_time, p.close_time
        from receipts r
        join packs p on p.id = r.pack_id
        join profiles pr on pr.id = r.profile_id
        left join teams tm on tm.id = pr.favorite_team_id
        where r.id = ${input.receiptId} and p.pack_url = ${input.packURL} and p.status not in ('draft', 'archived')
        limit 1`,
    rowShape((r) => ({
      id: r.text("id"),
      created_at: r.date("created_at"),
      handle: r.text("handle"),
      avatar_url: r.textOrNull("avatar_url"),
      favorite_team: r.textOrNull("favorite_team"),
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      summary: r.textOrNull("summary"),
      cover_url: r.textOrNull("cover_url"),
      status: r.text("status"),
      league: r.text("league"),
      open_time: r.dateOrNull("open_time"),
      close_time: r.dateOrNull("close_time"),
    })),
  );
  if (!head) return null;
  const rows = await selectRows(
    db,
    sql`select ${takePriceColumns}, pr.short_label, pr.side_a_take, pr.side_b_take, t.result, t.points,
          ${liveEventColumns("ev")}, hm.abbreviation as home, aw.abbreviation as away,
          coalesce(aw.abbreviation || ' @ ' || hm.abbreviation, ev.short_name, ev.title) as matchup
        from receipts r
        join takes t on t.profile_id = r.profile_id and t.pack_id = r.pack_id
         and t.created_at <= r.created_at and (t.overwritten_at is null or t.overwritten_at > r.created_at)
        join props pr on pr.id = t.prop_id
        left join ${SHOWN_EVENTS} ev on ev.id = pr.event_id
        left join teams hm on hm.id = ev.home_team_id
        left join teams aw on aw.id = ev.away_team_id
        where r.id = ${input.receiptId}
        order by pr.position, pr.created_at`,
    receiptTakeRow,
  );
  const fixes = await selectRows(
    db,
    sql`select pr.short_label, f.before_side, f.after_side, pr.side_a_short, pr.side_b_short, f.reason, f.created_at, f.receipt_id,
               f.created_at > ${head.created_at.toISOString()}::timestamptz as later
        from receipts r
        join take_fixes f on f.profile_id = r.profile_id and f.pack_id = r.pack_id
        join props pr on pr.id = f.prop_id
        where r.id = ${input.receiptId}
        order by f.created_at desc
        limit 20`,
    receiptFixRow,
  );
  const accepting = isAcceptingTakes({ status: head.status, openTime: head.open_time, closeTime: head.close_time }, now);
  const priced = await priceTakes(db, { closeTime: head.close_time }, rows, now);
  return {
    id: head.id,
    createdAt: head.created_at,
    owner: { handle: head.handle, avatarUrl: head.avatar_url, favoriteTeam: head.favorite_team },
    pack: {
      packURL: head.pack_url,
      title: head.title,
      summary: head.summary,
      coverUrl: head.cover_url,
      accepting,
    },
    takes: rows.map((r, i) => ({
      propId: r.prop_id,
      propLabel: r.short_label,
      matchup: r.matchup,
      side: r.side,
      sideLabel: r.side === "A" ? r.side_a_short : r.side_b_short,
      sideLabels: { A: r.side_a_short, B: r.side_b_short },
      sideTake: r.side === "A" ? r.side_a_take : r.side_b_take,
      propStatus: GRADED.has(r.prop_status)
        ? "Graded"
        : accepting && isPropOpen({ status: r.prop_status, closeTime: r.prop_close }, now)
          ? "Open"
          : "Closed",
      result: r.result,
      points: r.points,
      lockedValue: r.locked_value,
      createdAt: r.created_at,
      game: r.event_id ? liveSeedOfRow(r.event_id, r, head.league, { home: r.home, away: r.away }) : null,
      ...priced[i]!,
    })),
    fixes,
  };
}

const fixSideWords = (side: string | null, a: string, b: string) => (side === "A" ? a : side === "B" ? b : "No pick");
const receiptFixRow = rowShape((r) => {
  const a = r.text("side_a_short");
  const b = r.text("side_b_short");
  return {
    propLabel: r.text("short_label"),
    before: fixSideWords(r.textOrNull("before_side"), a, b),
    after: fixSideWords(r.textOrNull("after_side"), a, b),
    reason: r.text("reason"),
    at: r.date("created_at"),
    receiptId: r.text("receipt_id"),
    later: r.bool("later"),
  };
});

const receiptTakeRow = rowShape((r) => ({
  ...takePriceFields(r),
  short_label: r.text("short_label"),
  side_a_take: r.text("side_a_take"),
  side_b_take: r.text("side_b_take"),
  matchup: r.textOrNull("matchup"),
  result: r.text("result"),
  points: r.int("points"),
  ...liveEventFields(r),
  home: r.textOrNull("home"),
  away: r.textOrNull("away"),
}));
