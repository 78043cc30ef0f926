import { z } from "zod";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { ok, readJson, withSession } from "@/server/http/api";
import { getNotificationSettings } from "@/server/subscriptions/get-notification-settings";
import { updateNotificationSettings } from "@/server/subscriptions/update-notification-settings";

export const dynamic = "force-dynamic";
// Strict: the settings are always the session's own, so a body naming a profile (or anything else unknown) is refused, not ignored.
const ZSettingsChange = z.strictObject({
  smsOptOut: z.boolean().optional(),
  leagues: z.strictObject({ nfl: z.boolean().optional(), mlb: z.boolean().optional() }).optional(),
  teams: z.record(z.string().max(80), z.boolean()).optional(),
  series: z.record(z.string().max(80), z.boolean()).optional(),
});

// GET /api/notifications/settings – the signed-in player's own text settings: pause, pack-open subscriptions, follows
export const GET = withSession(async ({ session }) =>
  withFallbackError("Failed to load", async () => ok({ settings: await getNotificationSettings({ profileId: session.profileId }) })),
);

// PUT /api/notifications/settings {smsOptOut?, leagues?, teams?, series?} – pause or resume all texts, or turn one scope's texts on or off
export const PUT = withSession(
  async ({ req, session }) => {
    const change = await readJson(req, ZSettingsChange);
    return withFallbackError("Failed to save preferences", async () =>
      ok({ settings: await updateNotificationSettings({ profileId: session.profileId, change }) }),
    );
  },
  { rateLimit: "write" },
);
