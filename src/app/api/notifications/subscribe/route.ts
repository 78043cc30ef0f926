import { withFallbackError } from "@/server/http/with-fallback-error";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { subscribeToPackAlerts } from "@/server/subscriptions/subscribe-to-pack-alerts";
import { unsubscribeFromPackAlerts } from "@/server/subscriptions/unsubscribe-from-pack-alerts";
import { ZSubscribeAnswer, ZSubscribeRequest, ZSubscriptionScope, ZUnsubscribeAnswer } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// POST /api/notifications/subscribe {category='pack_open', league | teamId | teamSlug | seriesId (+seriesSlug), smsConsent?}
export const POST = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZSubscribeRequest);
  return withFallbackError("Could not subscribe. Please try again.", async () =>
    okThrough(ZSubscribeAnswer, await subscribeToPackAlerts({ profileId: session.profileId, ...body })),
  );
});

// DELETE /api/notifications/subscribe {same scope} – stop one scope's texts
export const DELETE = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZSubscriptionScope);
  return withFallbackError("Could not unsubscribe. Please try again.", async () =>
    okThrough(ZUnsubscribeAnswer, await unsubscribeFromPackAlerts({ profileId: session.profileId, ...body })),
  );
});
