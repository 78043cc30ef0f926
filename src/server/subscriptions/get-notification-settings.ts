import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { follows, LEAGUES, profiles, series, subscriptions, teams } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { routeSlugsFor } from "@/server/teams/team-route-slug";
import { ZNotificationSettings, type NotificationSettings } from "@/domain/schemas/follows";
import { timeZoneForPhone } from "@/domain/quiet-hours";

/** The profile's pack-open text settings, per league, team and series, plus the global pause. */
export async function readNotificationSettings(db: DbOrTx, profileId: string): Promise<NotificationSettings> {
  const [profile] = await db
    .select({
      smsOptOut: profiles.smsOptOut,
      favoriteTeamId: profiles.favoriteTeamId,
      phone: profiles.phone,
      remindersOn: profiles.remindersOn,
      reminderLeadMinutes: profiles.reminderLeadMinutes,
      timeZone: profiles.timeZone,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  const subs = await db
    .select({ scopeKey: subscriptions.scopeKey, teamId: subscriptions.teamId, seriesId: subscriptions.seriesId })
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.category, "pack_open")));
  const followed = await db
    .select({ teamId: follows.teamId, seriesId: follows.seriesId })
    .from(follows)
    .where(eq(follows.profileId, profileId));
  // A favourite counts as followed even without a follow row, as on the team page (isFollowingTeam).
  if (profile.favoriteTeamId) followed.push({ teamId: profile.favoriteTeamId, seriesId: null });
  const followedTeamIds = new Set(followed.map((row) => row.teamId));
  const followedSeriesIds = new Set(followed.map((row) => row.seriesId));
  const teamIds = [...new Set([...subs, ...followed].map((row) => row.teamId).filter((id): id is string => !!id))];
  const seriesIds = [...new Set([...subs, ...followed].map((row) => row.seriesId).filter((id): id is string => !!id))];
  const teamRows = teamIds.length ? await db.select().from(teams).where(inArray(teams.id, teamIds)).orderBy(asc(teams.fullName)) : [];
  const routeSlugs = await routeSlugsFor(db, teamRows);
  const seriesRows = seriesIds.length ? await db.select().from(series).where(inArray(series.id, seriesIds)).orderBy(asc(series.title)) : [];
  const subscribedKeys = new Set(subs.map((row) => row.scopeKey));
  // Parsed, not cast: the columns' checks hold the same lists (decision 072).
  const reminderFields = ZNotificationSettings.pick({ reminderLeadMinutes: true, timeZone: true }).parse(profile);
  return {
    smsOptOut: profile.smsOptOut,
    // Parsed, not cast: the map holds every supported league (the schema's record is exhaustive).
    leagues: ZNotificationSettings.shape.leagues.parse(
      Object.fromEntries(LEAGUES.map((league) => [league, subscribedKeys.has(`league:${league}`)])),
    ),
    teams: teamRows.map((team) => ({
      teamId: team.id,
      slug: routeSlugs.get(team)!,
      name: team.fullName,
      abbreviation: team.abbreviation,
      league: team.league,
      logoUrl: team.logoUrl,
      followed: followedTeamIds.has(team.id),
      favorite: team.id === profile.favoriteTeamId,
      subscribed: subscribedKeys.has(`team:${team.id}`),
    })),
    series: seriesRows.map((row) => ({
      seriesId: row.id,
      slug: row.slug,
      title: row.title,
      followed: followedSeriesIds.has(row.id),
      subscribed: subscribedKeys.has(`series:${row.id}`),
    })),
    reminders: profile.remindersOn,
    ...reminderFields,
    numberTimeZone: timeZoneForPhone(profile.phone),
  };
}

/** The signed-in player's own settings; there is no way to name another profile. */
export async function getNotificationSettings({ profileId }: { profileId: string }): Promise<NotificationSettings> {
  return readNotificationSettings(await getDb(), profileId);
}
