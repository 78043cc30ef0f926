import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { events, packEvents, packs, teams } from "@/server/db/schema";

export interface TeamPackTile {
  packURL: string;
  title: string;
  coverUrl: string | null;
  /** "Coming soon", "Active", "Closed" or "Live". */
  statusLabel: string;
  /** Start of the pack's first game. */
  eventTime: Date;
}

/** The team's upcoming and live packs for the marketplace team view ("{ABBR} Packs"), soonest game first. */
export async function listTeamMarketplacePacks({
  league,
  teamSlug,
  now = new Date(),
  limit = 8,
}: {
  league: string;
  teamSlug: string;
  now?: Date;
  limit?: number;
}): Promise<TeamPackTile[]> {
  const db = await getReadDb();
  const rows = await selectRows(
    db,
    sql`select ${packs.packUrl} as pack_url, ${packs.title} as title, ${packs.coverUrl} as cover_url,
               ${packs.status} as status, ${packs.openTime} as open_time, ${packs.closeTime} as close_time, min(${events.startTime}) as event_time
        from ${packs}
        join ${packEvents} on ${packEvents.packId} = ${packs.id}
        join ${events} on ${events.id} = ${packEvents.eventId}
        join ${teams} on ${teams.id} in (${events.homeTeamId}, ${events.awayTeamId})
        where ${teams.league} = ${league} and ${teams.slug} = ${teamSlug}
          and ${packs.status} in ('coming-soon', 'open', 'live')
        group by ${packs.id}
        order by event_time, ${packs.packUrl}
        limit ${limit}`,
    rowShape((r) => ({
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      cover_url: r.textOrNull("cover_url"),
      status: r.text("status"),
      open_time: r.dateOrNull("open_time"),
      close_time: r.dateOrNull("close_time"),
      event_time: r.date("event_time"),
    })),
  );
  return rows.map((row) => {
    const openTime = row.open_time ? new Date(row.open_time) : null;
    const closeTime = row.close_time ? new Date(row.close_time) : null;
    // The chip follows the pack's effective state (docs/PRODUCT.md §2), not only its stored status.
    const accepting = (!openTime || openTime <= now) && (!closeTime || now < closeTime);
    const statusLabel = row.status === "live" ? "Live" : !accepting ? (closeTime && closeTime <= now ? "Closed" : "Coming soon") : "Active";
    return {
      packURL: row.pack_url,
      title: row.title,
      coverUrl: row.cover_url,
      statusLabel,
      eventTime: new Date(row.event_time),
    };
  });
}
