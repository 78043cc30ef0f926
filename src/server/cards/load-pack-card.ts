import "server-only";
import { sql } from "drizzle-orm";
import { hasPackClosed, isAcceptingTakes, isComingSoon } from "@/domain/pack-state";
import { isPackURL } from "@/domain/share";
import { formatShortDateTime } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows, type RowReader } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { drawPackCard, type DrawnCard } from "./draw-cards";

/** Games drawn on a pack's card: a slate's first eight (the rest are counted). */
const GAMES_DRAWN = 8;

const packRow = rowShape((r) => ({
  id: r.text("id"),
  title: r.text("title"),
  league: r.text("league"),
  status: r.text("status"),
  openTime: r.dateOrNull("open_time"),
  closeTime: r.dateOrNull("close_time"),
  propCount: r.int("prop_count"),
}));

const team = (r: RowReader, prefix: "h" | "a") => {
  const abbreviation = r.textOrNull(`${prefix}_abbreviation`);
  const name = r.textOrNull(`${prefix}_name`);
  return abbreviation && name
    ? { abbreviation, name, color: r.textOrNull(`${prefix}_color`), alternateColor: r.textOrNull(`${prefix}_alternate_color`) }
    : null;
};

const gameRow = rowShape((r) => ({ title: r.text("title"), home: team(r, "h"), away: team(r, "a") }));

/**
 * A pack's share card (docs/decisions/067-share-cards.md): title, league, its games' teams, how
 * many props and when it closes or what state it is in. Null for a pack players cannot see
 * (unknown, draft, archived). Nothing of any player is drawn.
 */
export async function loadPackCard(packURL: string, now: Date): Promise<DrawnCard | null> {
  if (!isPackURL(packURL)) return null;
  const db = await getReadDb();
  const [pack] = await selectRows(
    db,
    sql`select p.id, p.title, p.league, p.status, p.open_time, p.close_time,
          (select count(*)::int from props pr where pr.pack_id = p.id) as prop_count
        from packs p where p.pack_url = ${packURL} and p.status not in ('draft', 'archived') limit 1`,
    packRow,
  );
  if (!pack) return null;
  const games = await selectRows(
    db,
    sql`select e.title,
          h.abbreviation as h_abbreviation, h.full_name as h_name, h.color as h_color, h.alternate_color as h_alternate_color,
          a.abbreviation as a_abbreviation, a.full_name as a_name, a.color as a_color, a.alternate_color as a_alternate_color
        from ${SHOWN_EVENTS} e
        left join teams h on h.id = e.home_team_id
        left join teams a on a.id = e.away_team_id
        where e.id in (select event_id from pack_events where pack_id = ${pack.id}
                       union select event_id from props where pack_id = ${pack.id} and event_id is not null)
        order by e.start_time, e.id
        limit ${GAMES_DRAWN}`,
    gameRow,
  );
  const clock = { status: pack.status, openTime: pack.openTime, closeTime: pack.closeTime };
  let status: string;
  if (pack.status === "graded") status = "Graded";
  else if (isComingSoon(clock, now)) status = pack.openTime ? `Opens ${formatShortDateTime(pack.openTime)}` : "Coming soon";
  else if (isAcceptingTakes(clock, now)) status = pack.closeTime ? `Closes ${formatShortDateTime(pack.closeTime)}` : "Open now";
  else if (hasPackClosed(clock, now)) status = "Locked · results coming";
  else status = "Coming soon";
  return drawPackCard({ title: pack.title, league: pack.league, games, propCount: pack.propCount, status });
}
