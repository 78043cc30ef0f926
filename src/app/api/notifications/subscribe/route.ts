import { z } from "zod";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { ok, readJson, withSession } from "@/server/http/api";
import { SUBSCRIPTION_CATEGORIES, subscribeToPackAlerts } from "@/server/subscriptions/subscribe-to-pack-alerts";
import { unsubscribeFromPackAlerts } from "@/server/subscriptions/unsubscribe-from-pack-alerts";

export const dynamic = "force-dynamic";
const ZScope = z.object({
  category: z.enum(SUBSCRIPTION_CATEGORIES, { error: "Unsupported category" }).default("pack_open"),
  league: z.string().max(10).optional(),
  teamId: z.string().max(80).optional(),
  teamSlug: z.string().max(80).optional(),
  seriesId: z.string().max(80).optional(),
  seriesSlug: z.string().max(80).optional(),
});
const ZSubscribeRequest = ZScope.extend({ smsConsent: z.boolean().optional() });

// POST /api/notifications/subscribe {category='pack_open', league | teamId | teamSlug | seriesId (+seriesSlug), smsConsent?}
export const POST = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZSubscribeRequest);
  return withFallbackError("Could not subscribe. Please try again.", async () =>
    ok(await subscribeToPackAlerts({ profileId: session.profileId, ...body })),
  );
});

// DELETE /api/notifications/subscribe {same scope} – stop one scope's texts
export const DELETE = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZScope);
  return withFallbackError("Could not unsubscribe. Please try again.", async () =>
    ok(await unsubscribeFromPackAlerts({ profileId: session.profileId, ...body })),
  );
});
