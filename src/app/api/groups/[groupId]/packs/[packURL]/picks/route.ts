import { ok, readQuery, withSession } from "@/server/http/api";
import { ZGroupListQuery } from "@/domain/schemas/groups";
import { idSchema } from "@/domain/ids";
import { notFound } from "@/server/http/app-error";
import { getVisibleGroupForMember } from "@/server/groups/group-reads";
import { getGroupPackPicks } from "@/server/groups/group-picks";

// GET /api/groups/{groupId}/packs/{packURL}/picks?cursor= – members' picks on the props that have locked; null before.
export const GET = withSession<{ groupId: string; packURL: string }>(async ({ req, params, session }) => {
  const groupId = idSchema("Group not found.").safeParse(params.groupId);
  if (!groupId.success) throw notFound("Group not found.");
  const { cursor } = readQuery(req, ZGroupListQuery);
  await getVisibleGroupForMember({ groupId: groupId.data, viewerProfileId: session.profileId });
  const picks = await getGroupPackPicks({ groupId: groupId.data, packURL: params.packURL, cursor });
  return ok(picks);
});
