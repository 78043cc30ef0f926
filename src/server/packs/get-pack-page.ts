import "server-only";
import { sql } from "drizzle-orm";
import { allGamesOver, hasPackClosed, isPropOpen, packPhase, packStatusChip, type PackPhase } from "@/domain/pack-state";
import { TAKE_SIDES } from "@/domain/points";
import { priceChart } from "@/domain/prices";
import { isPackURL } from "@/domain/share";
import type { PackEventView, PackHead, PropView } from "@/domain/views";
import { getDb } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { PACK_CARD_COLUMNS, packCardFields } from "./pack-card-row";
import { AppError } from "@/server/http/app-error";
import { loadPriceHistories } from "@/server/prices/prop-prices";

/** The pack page: the head every view of a pack shares (src/domain/views.ts) and what only the page shows. */
export interface PackPageView extends PackHead {
  closed: boolean;
  prize: { title: string; imageUrl: string | null; points: number | null } | null;
  /** The stored pack winner (src/server/grading/pack-winner-rule.ts) once set, by handle: never a phone. */
  winner: { handle: string; points: number } | null;
  events: PackEventView[];
  props: PropView[];
  series: Array<{ slug: string; title: string }>;
  contests: Array<{ slug: string; title: string; prize: string | null }>;
  teams: Array<{ slug: string; name: string; logoUrl: string | null }>;
  viewerReceiptId: string | null;
}

/**
 * Everything the pack page shows, as the viewer may see it: the viewer's own
 * picks always, everyone's split only after close. Unknown, draft and
 * archived packs are not found (admins may preview drafts).
 */
export async function getPackPage(input: {
  packURL: string;
  viewerProfileId?: string | null;
  viewerIsAdmin?: boolean;
  now?: Date;
}): Promise<PackPageView> {
  const now = input.now ?? new Date();
  if (!isPackURL(input.packURL)) throw new AppError("NOT_FOUND", "Pack not found");
  const db = await getDb();
  const viewer = input.viewerProfileId ?? null;
  const [pack] = await selectRows(
    db,
    sql`select ${PACK_CARD_COLUMNS}, p.prize_image_url, p.prize_points, c.handle as creator_handle,
               w.handle as winner_handle, p.winner_points
        from packs p left join profiles c on c.id = p.creator_profile_id
        left join profiles w on w.id = p.winner_profile_id
        where p.pack_url = ${input.packURL} limit 1`,
    rowShape((r) => ({
      ...packCardFields(r),
      prize_image_url: r.textOrNull("prize_image_url"),
      prize_points: r.intOrNull("prize_points"),
      creator_handle: r.textOrNull("creator_handle"),
      winner_handle: r.textOrNull("winner_handle"),
      winner_points: r.intOrNull("winner_points"),
    })),
  );
  if (!pack || ((pack.status === "draft" || pack.status === "archived") && !input.viewerIsAdmin)) {
    throw new AppError("NOT_FOUND", "Pack not found");
  }
  const clock = { status: pack.status, openTime: pack.open_time, closeTime: pack.close_time };
  const closed = hasPackClosed(clock, now);

  const teamJson = (alias: string) =>
    sql.raw(
      `(select json_build_object('name', ${alias}.name, 'abbreviation', ${alias}.abbreviation, 'slug', ${alias}.slug, 'logoUrl', ${alias}.logo_url))`,
    );
  const eventRows = await selectRows(
    db,
    sql`select e.id, e.title, e.short_name, e.start_time, e.status, e.status_detail, e.home_score, e.away_score, e.espn_event_id,
          e.live_state, e.live_version, e.score_read_at,
          case when h.id is null then null else ${teamJson("h")} end as home,
          case when a.id is null then null else ${teamJson("a")} end as away,
          exists (select 1 from pack_events pe where pe.pack_id = ${pack.id} and pe.event_id = e.id) as in_pack
        from ${SHOWN_EVENTS} e
        left join teams h on h.id = e.home_team_id
        left join teams a on a.id = e.away_team_id
        where e.id in (select event_id from pack_events where pack_id = ${pack.id}
                       union select event_id from props where pack_id = ${pack.id} and event_id is not null)
        order by e.start_time`,
    packEventRow,
  );
  const events = new Map<string, PackEventView & { inPack: boolean }>();
  for (const e of eventRows) events.set(e.id, e);

  const propRows = await selectRows(
    db,
    sql`select pr.id, pr.position, pr.short_label, pr.title, pr.summary, pr.status, pr.close_time, pr.result_text,
          pr.thumbnail_url, pr.side_a_short, pr.side_b_short, pr.side_a_take, pr.side_b_take, pr.side_a_value,
          pr.side_b_value, pr.event_id,
          mine.side as my_side, mine.locked_value as my_locked, mine.result as my_result, mine.points as my_points,
          mine.tokens_cents as my_tokens,
          ${closed ? sql`coalesce(counts.takes_a, 0)` : sql`null`} as count_a,
          ${closed ? sql`coalesce(counts.takes_b, 0)` : sql`null`} as count_b
        from props pr
        -- How fans picked: maintained per prop and side by the leaderboard drain (prop_take_counts).
        left join prop_take_counts counts on counts.prop_id = pr.id
        left join takes mine on mine.prop_id = pr.id and mine.is_current and mine.profile_id = ${viewer}
        where pr.pack_id = ${pack.id}
        order by pr.position, pr.created_at`,
    packPropRow,
  );

  const extras = await selectRows(
    db,
    sql`select 'series' as kind, s.slug, s.title, null as prize, null as logo_url
          from series_packs sp join series s on s.id = sp.series_id where sp.pack_id = ${pack.id}
        union all
        select 'contest', c.slug, c.title, c.prize, null
          from contest_packs cp join contests c on c.id = cp.contest_id where cp.pack_id = ${pack.id}`,
    rowShape((r) => ({
      kind: r.text("kind"),
      slug: r.text("slug"),
      title: r.text("title"),
      prize: r.textOrNull("prize"),
      logo_url: r.textOrNull("logo_url"),
    })),
  );
  const [receipt] = viewer
    ? await selectRows(
        db,
        sql`select id from receipts where profile_id = ${viewer} and pack_id = ${pack.id} order by created_at desc, id desc limit 1`,
        rowShape((r) => ({ id: r.text("id") })),
      )
    : [];

  // Each prop's line chart, drawn on the server (decision 056): one bounded read of the histories.
  const histories = await loadPriceHistories(
    db,
    propRows.map((p) => p.id),
  );
  const packEvents = [...events.values()].filter((e) => e.inPack);
  const teams = new Map<string, { slug: string; name: string; logoUrl: string | null }>();
  for (const e of packEvents)
    for (const t of [e.away, e.home]) if (t) teams.set(t.slug, { slug: t.slug, name: t.name, logoUrl: t.logoUrl });
  const firstEventStart = packEvents[0]?.startTime ?? null;
  const phase = packPhase(clock, now);

  return {
    id: pack.id,
    packURL: pack.pack_url,
    title: pack.title,
    league: pack.league,
    status: pack.status,
    chip: packStatusChip(
      {
        ...clock,
        firstEventStart,
        allEventsFinal: allGamesOver(
          packEvents.map((e) => e.status),
          clock,
          now,
        ),
      },
      now,
    ),
    phase,
    closed,
    coverUrl: pack.cover_url,
    summary: pack.summary,
    prize: pack.prize_title ? { title: pack.prize_title, imageUrl: pack.prize_image_url, points: pack.prize_points } : null,
    openTime: clock.openTime,
    closeTime: clock.closeTime,
    creatorHandle: pack.creator_handle,
    winner: pack.winner_handle ? { handle: pack.winner_handle, points: pack.winner_points ?? 0 } : null,
    events: packEvents,
    props: propRows.map((p) => {
      const closeTime = p.close_time;
      const open = phase === "open" && isPropOpen({ status: p.status, closeTime }, now);
      return {
        id: p.id,
        position: p.position,
        shortLabel: p.short_label,
        title: p.title,
        summary: p.summary,
        status: p.status,
        open,
        statusLabel: propStatusLabel(p.status, open, phase),
        closeTime,
        resultText: p.result_text,
        thumbnailUrl: p.thumbnail_url,
        sides: {
          A: { short: p.side_a_short, take: p.side_a_take, value: p.side_a_value },
          B: { short: p.side_b_short, take: p.side_b_take, value: p.side_b_value },
        },
        event: p.event_id ? (events.get(p.event_id) ?? null) : null,
        viewerTake: p.my_side
          ? {
              side: p.my_side,
              lockedValue: p.my_locked ?? 0,
              result: p.my_result ?? "pending",
              points: p.my_points ?? 0,
              tokensCents: p.my_tokens ?? 0,
            }
          : null,
        split: closed ? { A: p.count_a ?? 0, B: p.count_b ?? 0 } : null,
        chart: priceChart(histories.get(p.id) ?? [], { A: p.side_a_short, B: p.side_b_short }),
      };
    }),
    series: extras.filter((x) => x.kind === "series").map((x) => ({ slug: x.slug, title: x.title })),
    contests: extras.filter((x) => x.kind === "contest").map((x) => ({ slug: x.slug, title: x.title, prize: x.prize })),
    teams: [...teams.values()],
    viewerReceiptId: receipt?.id ?? null,
  };
}

/**
 * A prop card's chip. A prop still marked open says "Open" only while its pack
 * takes picks: on a closed pack, or one waiting for its grade, it is "Closed";
 * before the pack opens, "Opens soon".
 */
export function propStatusLabel(status: string, open: boolean, phase: PackPhase): string {
  if (open) return "Open";
  if (status === "gradedA" || status === "gradedB" || status === "push") return "Graded";
  if (status === "void") return "Void";
  return phase === "coming-soon" && status === "open" ? "Opens soon" : "Closed";
}

const packTeam = col.orNull(
  col.row(
    rowShape((r) => ({
      name: r.text("name"),
      abbreviation: r.text("abbreviation"),
      slug: r.text("slug"),
      logoUrl: r.textOrNull("logoUrl"),
    })),
  ),
);

const packEventRow = rowShape((r): PackEventView & { inPack: boolean } => ({
  id: r.text("id"),
  title: r.text("title"),
  shortName: r.textOrNull("short_name"),
  startTime: r.date("start_time"),
  status: r.text("status"),
  statusDetail: r.textOrNull("status_detail"),
  homeScore: r.intOrNull("home_score"),
  awayScore: r.intOrNull("away_score"),
  home: r.get("home", packTeam),
  away: r.get("away", packTeam),
  espnEventId: r.textOrNull("espn_event_id"),
  liveState: r.textOrNull("live_state"),
  liveVersion: r.intOrNull("live_version"),
  scoreReadAt: r.dateOrNull("score_read_at"),
  inPack: r.bool("in_pack"),
}));

const packPropRow = rowShape((r) => ({
  id: r.text("id"),
  position: r.int("position"),
  short_label: r.text("short_label"),
  title: r.text("title"),
  summary: r.textOrNull("summary"),
  status: r.text("status"),
  close_time: r.dateOrNull("close_time"),
  result_text: r.textOrNull("result_text"),
  thumbnail_url: r.textOrNull("thumbnail_url"),
  side_a_short: r.text("side_a_short"),
  side_b_short: r.text("side_b_short"),
  side_a_take: r.text("side_a_take"),
  side_b_take: r.text("side_b_take"),
  side_a_value: r.int("side_a_value"),
  side_b_value: r.int("side_b_value"),
  event_id: r.textOrNull("event_id"),
  my_side: r.oneOfOrNull("my_side", TAKE_SIDES),
  my_locked: r.intOrNull("my_locked"),
  my_result: r.textOrNull("my_result"),
  my_points: r.intOrNull("my_points"),
  my_tokens: r.intOrNull("my_tokens"),
  count_a: r.intOrNull("count_a"),
  count_b: r.intOrNull("count_b"),
}));
