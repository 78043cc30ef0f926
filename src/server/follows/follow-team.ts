import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { follows, profiles, subscriptions, teams } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { findTeamBySlug, routeSlugOf } from "@/server/teams/team-route-slug";
import type { FollowTeamResult } from "@/domain/schemas/follows";

type Team = typeof teams.$inferSelect;

/**
 * Inside a transaction: the profile follows the team; with SMS consent the
 * consent is recorded and the team's pack-open texts are subscribed too.
 * Idempotent; consent once given is not withdrawn by a later follow without it.
 */
export async function applyTeamFollow(
  tx: DbOrTx,
  { profileId, team, smsConsent, now }: { profileId: string; team: Team; smsConsent: boolean; now: Date },
) {
  await tx.insert(follows).values({ profileId, teamId: team.id, smsConsent }).onConflictDoNothing();
  if (!smsConsent) return;
  await tx
    .update(follows)
    .set({ smsConsent: true })
    .where(and(eq(follows.profileId, profileId), eq(follows.teamId, team.id)));
  await tx.update(profiles).set({ smsConsentAt: now, updatedAt: now }).where(eq(profiles.id, profileId));
  await tx
    .insert(subscriptions)
    .values({ profileId, category: "pack_open", scopeKey: `team:${team.id}`, teamId: team.id })
    .onConflictDoNothing();
}

export async function getTeamBySlugOrThrow(db: DbOrTx, teamSlug: string): Promise<Team> {
  const team = await findTeamBySlug(db, teamSlug);
  if (!team) throw new AppError("NOT_FOUND", "Team not found.");
  return team;
}

/** Follows a team by (route) slug; see applyTeamFollow for what consent adds. */
export async function followTeam({
  profileId,
  teamSlug,
  smsConsent = true,
  now = new Date(),
}: {
  profileId: string;
  teamSlug: string;
  smsConsent?: boolean;
  now?: Date;
}): Promise<FollowTeamResult> {
  const db = await getDb();
  const team = await getTeamBySlugOrThrow(db, teamSlug);
  await db.transaction((tx) => applyTeamFollow(tx, { profileId, team, smsConsent, now }));
  return { followsTeam: true, team: { slug: await routeSlugOf(db, team), name: team.name } };
}
