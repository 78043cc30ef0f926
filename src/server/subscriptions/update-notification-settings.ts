import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { LEAGUES, profiles, series, subscriptions, teams } from "@/server/db/schema";
import { readNotificationSettings } from "./get-notification-settings";
import type { NotificationSettings, NotificationSettingsChange } from "@/domain/schemas/follows";
import { setSmsOptOut } from "./set-sms-opt-out";

/**
 * Applies a change to the player's own text settings in one transaction;
 * unknown team or series ids are ignored. Turning a scope on records consent.
 * Pausing sets the same flag as a STOP reply (setSmsOptOut).
 */
export async function updateNotificationSettings({
  profileId,
  change,
  now = new Date(),
}: {
  profileId: string;
  change: NotificationSettingsChange;
  now?: Date;
}): Promise<NotificationSettings> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wanted: Array<{ scopeKey: string; league: string | null; teamId: string | null; seriesId: string | null; on: boolean }> = [];
    for (const league of LEAGUES) {
      const on = change.leagues?.[league];
      if (on !== undefined) wanted.push({ scopeKey: `league:${league}`, league, teamId: null, seriesId: null, on });
    }
    const teamIds = Object.keys(change.teams ?? {});
    const knownTeams = teamIds.length ? await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds)) : [];
    for (const { id } of knownTeams)
      wanted.push({ scopeKey: `team:${id}`, league: null, teamId: id, seriesId: null, on: change.teams![id]! });
    const seriesIds = Object.keys(change.series ?? {});
    const knownSeries = seriesIds.length ? await tx.select({ id: series.id }).from(series).where(inArray(series.id, seriesIds)) : [];
    for (const { id } of knownSeries)
      wanted.push({ scopeKey: `series:${id}`, league: null, teamId: null, seriesId: id, on: change.series![id]! });

    const off = wanted.filter((scope) => !scope.on).map((scope) => scope.scopeKey);
    if (off.length) {
      await tx
        .delete(subscriptions)
        .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.category, "pack_open"), inArray(subscriptions.scopeKey, off)));
    }
    const on = wanted.filter((scope) => scope.on);
    if (on.length) {
      await tx
        .insert(subscriptions)
        .values(
          on.map(({ scopeKey, league, teamId, seriesId }) => ({ profileId, category: "pack_open", scopeKey, league, teamId, seriesId })),
        )
        .onConflictDoNothing();
    }
    if (change.smsOptOut !== undefined) await setSmsOptOut({ profileId, optOut: change.smsOptOut, now, db: tx });
    if (on.length) await tx.update(profiles).set({ smsConsentAt: now, updatedAt: now }).where(eq(profiles.id, profileId));
    // Reminders and the quiet-hours zone (docs/decisions/072-reminders-and-quiet-hours.md).
    const reminderChange = {
      ...(change.reminders === undefined ? {} : { remindersOn: change.reminders }),
      ...(change.reminderLeadMinutes === undefined ? {} : { reminderLeadMinutes: change.reminderLeadMinutes }),
      ...(change.timeZone === undefined ? {} : { timeZone: change.timeZone }),
    };
    if (Object.keys(reminderChange).length) {
      await tx
        .update(profiles)
        .set({ ...reminderChange, updatedAt: now })
        .where(eq(profiles.id, profileId));
    }
    return readNotificationSettings(tx, profileId);
  });
}
