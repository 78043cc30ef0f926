import { readPackReminder, setPackReminder } from "@/server/notifications/reminders/set-pack-reminder";
import { playerWriteRoute } from "@/server/http/route-kits";
import { okThrough, readQuery, withSession } from "@/server/http/api";
import { ZPackReminderAnswer, ZPackReminderChange, ZPackReminderQuery, ZPackReminderState } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// PUT /api/notifications/pack-reminder {packURL, on} – "Remind me" on one pack, or not (decision 072) → {reminder}; 404 no such pack, 409 closed
export const PUT = playerWriteRoute(ZPackReminderChange, ZPackReminderAnswer, "Could not change the reminder", setPackReminder);

// GET /api/notifications/pack-reminder?packURL – whether the player asked for the pack's reminder → {reminder, leadMinutes}; 404 no such pack
export const GET = withSession(async ({ req, session }) => {
  const { packURL } = readQuery(req, ZPackReminderQuery);
  return okThrough(ZPackReminderState, await readPackReminder({ profileId: session.profileId, packURL }));
});
