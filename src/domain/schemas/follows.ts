// Follows, the favourite team, pack-open subscriptions and the player's text settings: the request
// schemas of their routes and, beside each, the answer it sends back (inside `{success: true, …}`),
// one schema shared by the route that answers through it (okThrough) and the screen that parses it
// (apiFetch). Loaded by the team page, the profile page and the follow dialogs only, never by the
// budgeted pages' first load (docs/decisions/023, 046).
import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { ZSeriesHead } from "./collections";
import { requiredText } from "./fields";
import { ZPackURL } from "./grading";
import { REMINDER_LEAD_MINUTES, US_TIME_ZONE_IDS } from "@/domain/quiet-hours";

const ZTeamSlug = requiredText("Missing teamSlug", 80);

/** GET /api/follow/status?teamSlug (or seriesId, seriesSlug). */
export const ZFollowStatusQuery = z.object({
  teamSlug: z.string().max(80).optional(),
  seriesId: z.string().max(80).optional(),
  seriesSlug: z.string().max(80).optional(),
});
/** Only what was asked about: `followsTeam` for a team, `followsSeries` for a series. */
export const ZFollowStatusAnswer = z.object({ followsTeam: z.boolean().optional(), followsSeries: z.boolean().optional() });
export type FollowStatus = z.infer<typeof ZFollowStatusAnswer>;

/** POST /api/follow/team */
export const ZFollowTeamRequest = z.object({ teamSlug: ZTeamSlug, smsConsent: z.boolean().optional() });
export const ZFollowTeamAnswer = z.object({ followsTeam: z.literal(true), team: z.object({ slug: z.string(), name: z.string() }) });
/** DELETE /api/follow/team */
export const ZUnfollowTeamRequest = z.object({ teamSlug: ZTeamSlug });
export const ZUnfollowTeamAnswer = z.object({ followsTeam: z.literal(false) });

/** DELETE /api/follow/series: a series by id or slug. */
export const ZSeriesRef = z
  .object({ seriesId: z.string().max(80).optional(), seriesSlug: z.string().max(80).optional() })
  .refine((ref) => !!(ref.seriesId || ref.seriesSlug), "Missing seriesId");
/** POST /api/follow/series */
export const ZFollowSeriesRequest = z.intersection(ZSeriesRef, z.object({ smsConsent: z.boolean().optional() }));
export const ZFollowSeriesAnswer = z.object({
  followsSeries: z.literal(true),
  series: ZSeriesHead,
});
export const ZUnfollowSeriesAnswer = z.object({ followsSeries: z.literal(false) });

/** A team as `GET /api/teams` answers it (docs/PRODUCT.md §13 "Team"); `slug` is the unique route slug. */
export const ZTeamListEntry = z.object({
  recordId: z.string(),
  id: z.string(),
  teamType: z.string(),
  teamName: z.string(),
  teamNameFull: z.string(),
  teamLogo: z.array(z.object({ url: z.string() })),
  slug: z.string(),
  league: z.string(),
  abbreviation: z.string(),
});
export type TeamListEntry = z.infer<typeof ZTeamListEntry>;
/** GET /api/teams: every non-league team, sorted by full name. */
export const ZTeamsAnswer = z.object({ teams: z.array(ZTeamListEntry) });

/** POST /api/profile/updateFavoriteTeam */
export const ZUpdateFavoriteTeamRequest = z.object({
  teamSlug: requiredText("Please select a team before submitting.", 80),
  smsConsent: z.boolean().optional(),
});
export const ZUpdateFavoriteTeamAnswer = z.object({ favoriteTeam: z.object({ slug: z.string(), name: z.string(), fullName: z.string() }) });
export type UpdateFavoriteTeamResult = z.infer<typeof ZUpdateFavoriteTeamAnswer>;

export const SUBSCRIPTION_CATEGORIES = ["pack_open"] as const;
/** DELETE /api/notifications/subscribe: one scope (a league, a team or a series). */
export const ZSubscriptionScope = z.object({
  category: z.enum(SUBSCRIPTION_CATEGORIES, { error: "Unsupported category" }).default("pack_open"),
  league: z.string().max(10).optional(),
  teamId: z.string().max(80).optional(),
  teamSlug: z.string().max(80).optional(),
  seriesId: z.string().max(80).optional(),
  seriesSlug: z.string().max(80).optional(),
});
/** POST /api/notifications/subscribe */
export const ZSubscribeRequest = ZSubscriptionScope.extend({ smsConsent: z.boolean().optional() });
export const ZSubscribeAnswer = z.object({ subscribed: z.literal(true), scopeKey: z.string() });
/** DELETE /api/notifications/subscribe: the scope whose texts stopped. */
export const ZUnsubscribeAnswer = z.object({ subscribed: z.literal(false), scopeKey: z.string() });

/** The player's pack-open text settings, per league, team and series, plus the global pause. */
export const ZNotificationSettings = z.object({
  /** "Pause all texts": no text of any kind is sent while on; the same flag STOP / START set. */
  smsOptOut: z.boolean(),
  leagues: z.record(z.enum(SUPPORTED_LEAGUES), z.boolean()),
  /** Followed (the favourite counts) or subscribed teams, each with its pack-open subscription state. */
  teams: z.array(
    z.object({
      teamId: z.string(),
      slug: z.string(),
      name: z.string(),
      abbreviation: z.string(),
      league: z.string(),
      logoUrl: z.string().nullable(),
      followed: z.boolean(),
      /** The player's favourite team (unfollowing it also clears the favourite). */
      favorite: z.boolean(),
      subscribed: z.boolean(),
    }),
  ),
  series: z.array(z.object({ seriesId: z.string(), slug: z.string(), title: z.string(), followed: z.boolean(), subscribed: z.boolean() })),
  /** A text before a followed pack closes while the player still has picks to make, and how long before (decision 072). */
  reminders: z.boolean(),
  reminderLeadMinutes: z.literal([...REMINDER_LEAD_MINUTES]),
  /** The zone chosen for quiet hours; null = the zone of their number's area code (`numberTimeZone`). */
  timeZone: z.enum(US_TIME_ZONE_IDS).nullable(),
  numberTimeZone: z.enum(US_TIME_ZONE_IDS),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

/** PUT /api/notifications/settings. Strict: the settings are always the session's own, so a body naming a profile (or anything else unknown) is refused, not ignored. */
export const ZNotificationSettingsChange = z.strictObject({
  smsOptOut: z.boolean().optional(),
  /** Some of the supported leagues (src/config.ts), each on or off; a league we do not support is refused. */
  leagues: z.partialRecord(z.enum(SUPPORTED_LEAGUES), z.boolean()).optional(),
  teams: z.record(z.string().max(80), z.boolean()).optional(),
  series: z.record(z.string().max(80), z.boolean()).optional(),
  reminders: z.boolean().optional(),
  /** One of the offered lead times (src/domain/quiet-hours.ts); any other is refused. */
  reminderLeadMinutes: z.literal([...REMINDER_LEAD_MINUTES]).optional(),
  /** A US zone of the list, or null to go back to the number's area code. */
  timeZone: z.enum(US_TIME_ZONE_IDS).nullable().optional(),
});
/** GET and PUT /api/notifications/settings. */
export const ZNotificationSettingsAnswer = z.object({ settings: ZNotificationSettings });

export type FollowTeamResult = z.infer<typeof ZFollowTeamAnswer>;
export type UnfollowTeamResult = z.infer<typeof ZUnfollowTeamAnswer>;
export type FollowSeriesResult = z.infer<typeof ZFollowSeriesAnswer>;
export type UnfollowSeriesResult = z.infer<typeof ZUnfollowSeriesAnswer>;
export type SubscribeResult = z.infer<typeof ZSubscribeAnswer>;
export type UnsubscribeResult = z.infer<typeof ZUnsubscribeAnswer>;
export type SubscriptionCategory = (typeof SUBSCRIPTION_CATEGORIES)[number];
export type NotificationSettingsChange = z.infer<typeof ZNotificationSettingsChange>;

/** PUT /api/notifications/pack-reminder: "Remind me" on one pack, or not (docs/decisions/072-reminders-and-quiet-hours.md). */
export const ZPackReminderChange = z.strictObject({ packURL: ZPackURL, on: z.boolean() });
export const ZPackReminderAnswer = z.object({ reminder: z.boolean() });
/** GET /api/notifications/pack-reminder?packURL: whether the player asked, and how long before the close their reminders go. */
export const ZPackReminderQuery = z.strictObject({ packURL: ZPackURL });
export const ZPackReminderState = z.object({ reminder: z.boolean(), leadMinutes: z.number().int() });
export type PackReminderResult = z.infer<typeof ZPackReminderAnswer>;
export type PackReminderState = z.infer<typeof ZPackReminderState>;
