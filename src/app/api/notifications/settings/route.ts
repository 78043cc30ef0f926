import { withFallbackError } from "@/server/http/with-fallback-error";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { getNotificationSettings } from "@/server/subscriptions/get-notification-settings";
import { updateNotificationSettings } from "@/server/subscriptions/update-notification-settings";
import { ZNotificationSettingsAnswer, ZNotificationSettingsChange } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// GET /api/notifications/settings – the signed-in player's own text settings: pause, pack-open subscriptions, follows
export const GET = withSession(async ({ session }) =>
  withFallbackError("Failed to load", async () =>
    okThrough(ZNotificationSettingsAnswer, { settings: await getNotificationSettings({ profileId: session.profileId }) }),
  ),
);

// PUT /api/notifications/settings {smsOptOut?, leagues?, teams?, series?, reminders?, reminderLeadMinutes?, timeZone?} – pause or resume all texts, turn one scope's texts on or off, or set reminders and the quiet-hours zone
export const PUT = withSession(
  async ({ req, session }) => {
    const change = await readJson(req, ZNotificationSettingsChange);
    return withFallbackError("Failed to save preferences", async () =>
      okThrough(ZNotificationSettingsAnswer, { settings: await updateNotificationSettings({ profileId: session.profileId, change }) }),
    );
  },
  { rateLimit: "write" },
);
