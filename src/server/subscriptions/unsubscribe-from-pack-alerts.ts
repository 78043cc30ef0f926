import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { resolveSubscriptionScope, type ScopeRequest } from "./resolve-subscription-scope";
import type { SubscriptionCategory, UnsubscribeResult } from "@/domain/schemas/follows";

/** Removes one scope's subscription (a follow, if any, stays). */
export async function unsubscribeFromPackAlerts({
  profileId,
  category = "pack_open",
  ...scopeRequest
}: ScopeRequest & { profileId: string; category?: SubscriptionCategory }): Promise<UnsubscribeResult> {
  const db = await getDb();
  const scope = await resolveSubscriptionScope(db, scopeRequest);
  await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.category, category), eq(subscriptions.scopeKey, scope.scopeKey)));
  return { subscribed: false, scopeKey: scope.scopeKey };
}
