import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles, subscriptions } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { resolveSubscriptionScope, type ScopeRequest } from "./resolve-subscription-scope";
import type { SubscribeResult, SubscriptionCategory } from "@/domain/schemas/follows";

/** Subscribes a profile to one scope's texts and records its SMS consent; idempotent. */
export async function subscribeToPackAlerts({
  profileId,
  category = "pack_open",
  smsConsent = true,
  now = new Date(),
  ...scopeRequest
}: ScopeRequest & { profileId: string; category?: SubscriptionCategory; smsConsent?: boolean; now?: Date }): Promise<SubscribeResult> {
  if (!smsConsent) throw new AppError("BAD_REQUEST", "Please agree to receive SMS notifications to subscribe.");
  const db = await getDb();
  const scope = await resolveSubscriptionScope(db, scopeRequest);
  await db.transaction(async (tx) => {
    await tx
      .insert(subscriptions)
      .values({ profileId, category, ...scope })
      .onConflictDoNothing();
    await tx.update(profiles).set({ smsConsentAt: now, updatedAt: now }).where(eq(profiles.id, profileId));
  });
  return { subscribed: true, scopeKey: scope.scopeKey };
}
