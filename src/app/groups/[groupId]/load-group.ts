import { cache } from "react";
import { notFound } from "next/navigation";
import { AppError } from "@/server/http/app-error";
import { readPageSession } from "@/server/auth/read-page-session";
import { getGroupForMember } from "@/server/groups/group-reads";
import { isId } from "@/domain/ids";

/**
 * The group a member's page shows, once per request: 404 for a group that does not exist or a
 * viewer who is not in it (a non-member learns nothing), the login page for a signed-out one.
 */
export const loadGroupPage = cache(async (groupId: string) => {
  const viewer = await readPageSession();
  if (!isId(groupId)) notFound();
  if (!viewer) return { viewer: null, group: null };
  try {
    return { viewer, group: await getGroupForMember({ groupId: groupId.toLowerCase(), viewerProfileId: viewer.profileId }) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
});
