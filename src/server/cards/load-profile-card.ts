import "server-only";
import { sql } from "drizzle-orm";
import { isId } from "@/domain/ids";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { drawProfileCard, type DrawnCard } from "./draw-cards";

const profileRow = rowShape((r) => {
  const abbreviation = r.textOrNull("team_abbreviation");
  const name = r.textOrNull("team_name");
  return {
    id: r.text("id"),
    handle: r.text("handle"),
    favoriteTeam:
      abbreviation && name
        ? { abbreviation, name, color: r.textOrNull("team_color"), alternateColor: r.textOrNull("team_alternate_color") }
        : null,
  };
});

/**
 * A player's share card (docs/decisions/067-share-cards.md): handle, all-time points, record and
 * rank, as the all-time board has them, and their favourite team's drawn badge. Keyed by profile
 * id, so a new handle is a new version of the same card. Null for an unknown, deleted or
 * suspended player; never a phone number.
 */
export async function loadProfileCard(profileId: string): Promise<DrawnCard | null> {
  if (!isId(profileId)) return null;
  const db = await getReadDb();
  const [profile] = await selectRows(
    db,
    sql`select p.id, p.handle, t.abbreviation as team_abbreviation, t.full_name as team_name,
          t.color as team_color, t.alternate_color as team_alternate_color
        from profiles p left join teams t on t.id = p.favorite_team_id
        where p.id = ${profileId.toLowerCase()} and p.deleted_at is null and p.suspended_at is null`,
    profileRow,
  );
  if (!profile) return null;
  const me = (await getLeaderboardPage({ scope: "all", viewerProfileId: profile.id, db })).me;
  return drawProfileCard({
    handle: profile.handle,
    points: me?.points ?? 0,
    won: me?.won ?? 0,
    lost: me?.lost ?? 0,
    pushed: me?.pushed ?? 0,
    rank: me?.rank ?? null,
    favoriteTeam: profile.favoriteTeam,
  });
}
