import "server-only";
import { getReadDb } from "@/server/db/client";
import { weeklyRecapFor } from "@/server/achievements/weekly-recap-for";
import { recordsAgainst } from "@/server/rivals/records-against";
import { weekStartOf } from "@/domain/leaderboard-scope";
import { addDays, nyDay } from "@/domain/time";
import { groupMembersSql, listGroupMembers } from "./group-reads";

/**
 * The group's weekly recap among its members (docs/decisions/068-streaks-badges-recaps.md):
 * this week's, or last week's while this one has nothing graded yet.
 */
export async function getGroupWeekRecap(options: { groupId: string; now?: Date }) {
  const db = await getReadDb();
  const thisWeek = weekStartOf(nyDay(options.now ?? new Date()));
  const players = groupMembersSql(options.groupId);
  const current = await weeklyRecapFor(db, { week: thisWeek, players, rankOn: "players" });
  if (current.bestPick || current.worstBeat || current.movers.length > 0) return { ...current, isThisWeek: true };
  return { ...(await weeklyRecapFor(db, { week: addDays(thisWeek, -7), players, rankOn: "players" })), isThisWeek: false };
}

/**
 * A page of the group's members with the viewer's lifetime record against each
 * (docs/decisions/069-rivals-and-the-ai-player.md), bounded by the members' page.
 */
export async function getGroupRivalsPage(options: { groupId: string; viewerProfileId: string; cursor?: string }) {
  const members = await listGroupMembers({ groupId: options.groupId, cursor: options.cursor });
  const others = members.items.filter((member) => member.profileId !== options.viewerProfileId);
  const records = await recordsAgainst(
    await getReadDb(),
    options.viewerProfileId,
    others.map((member) => member.profileId),
  );
  return {
    items: others.map((member) => ({ ...member, record: records.get(member.profileId) ?? null })),
    nextCursor: members.nextCursor,
  };
}
