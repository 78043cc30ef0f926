import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { follows, profiles, subscriptions } from "@/server/db/schema";

/**
 * What a player follows: a team or a series. Both keep a follow row and, with SMS consent, a
 * pack-open subscription scoped `team:{id}` or `series:{id}` (docs/PRODUCT.md §8); the rules
 * below are the same for both, so they are written once.
 */
export interface FollowTarget {
  kind: "team" | "series";
  id: string;
}

const ownColumn = (target: FollowTarget) => (target.kind === "team" ? { teamId: target.id } : { seriesId: target.id });

/**
 * Inside a transaction: the profile follows the target; with SMS consent the consent is
 * recorded and the target's pack-open texts are subscribed too. Idempotent; consent once given
 * is not withdrawn by a later follow without it.
 */
export async function applyFollow(
  tx: DbOrTx,
  { profileId, target, smsConsent, now }: { profileId: string; target: FollowTarget; smsConsent: boolean; now: Date },
) {
  const followed = target.kind === "team" ? follows.teamId : follows.seriesId;
  await tx
    .insert(follows)
    .values({ profileId, ...ownColumn(target), smsConsent })
    .onConflictDoNothing();
  if (!smsConsent) return;
  await tx
    .update(follows)
    .set({ smsConsent: true })
    .where(and(eq(follows.profileId, profileId), eq(followed, target.id)));
  await tx.update(profiles).set({ smsConsentAt: now, updatedAt: now }).where(eq(profiles.id, profileId));
  await tx
    .insert(subscriptions)
    .values({ profileId, category: "pack_open", scopeKey: `${target.kind}:${target.id}`, ...ownColumn(target) })
    .onConflictDoNothing();
}

/** Inside a transaction: the profile's follow of the target and its pack-open texts are gone. */
export async function removeFollow(tx: DbOrTx, { profileId, target }: { profileId: string; target: FollowTarget }) {
  const followed = target.kind === "team" ? follows.teamId : follows.seriesId;
  const subscribed = target.kind === "team" ? subscriptions.teamId : subscriptions.seriesId;
  await tx.delete(follows).where(and(eq(follows.profileId, profileId), eq(followed, target.id)));
  await tx.delete(subscriptions).where(and(eq(subscriptions.profileId, profileId), eq(subscribed, target.id)));
}
