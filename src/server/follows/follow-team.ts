import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import type { teams } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { applyFollow } from "./follow-target";
import { findTeamBySlug, routeSlugOf } from "@/server/teams/team-route-slug";
import type { FollowTeamResult } from "@/domain/schemas/follows";

type Team = typeof teams.$inferSelect;

/** Inside a transaction: the profile follows the team (see applyFollow for what consent adds). */
export async function applyTeamFollow(
  tx: DbOrTx,
  { profileId, team, smsConsent, now }: { profileId: string; team: Team; smsConsent: boolean; now: Date },
) {
  await applyFollow(tx, { profileId, target: { kind: "team", id: team.id }, smsConsent, now });
}

export async function getTeamBySlugOrThrow(db: DbOrTx, teamSlug: string): Promise<Team> {
  const team = await findTeamBySlug(db, teamSlug);
  if (!team) throw new AppError("NOT_FOUND", "Team not found.");
  return team;
}

/** A player's follow of a team by its (route) slug; the favourite team is chosen with the same request. */
export interface TeamFollowRequest {
  profileId: string;
  teamSlug: string;
  smsConsent?: boolean;
  now?: Date;
}

/** Follows a team by (route) slug; see applyFollow for what consent adds. */
export async function followTeam({
  profileId,
  teamSlug,
  smsConsent = true,
  now = new Date(),
}: TeamFollowRequest): Promise<FollowTeamResult> {
  const db = await getDb();
  const team = await getTeamBySlugOrThrow(db, teamSlug);
  await db.transaction((tx) => applyTeamFollow(tx, { profileId, team, smsConsent, now }));
  return { followsTeam: true, team: { slug: await routeSlugOf(db, team), name: team.name } };
}
