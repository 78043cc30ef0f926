import { ok, readQuery, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { ZGroupListQuery } from "@/domain/schemas/groups";
import { getVisibleGroupForMember, listGroupMembers } from "@/server/groups/group-reads";

// GET /api/groups/{groupId}/members?cursor= – a page of the group's members (handles and roles only).
export const GET = withSession(
  async ({ req, params: { groupId }, session }) => {
    const { cursor } = readQuery(req, ZGroupListQuery);
    await getVisibleGroupForMember({ groupId, viewerProfileId: session.profileId });
    const page = await listGroupMembers({ groupId, cursor });
    return ok({ members: page.items, nextCursor: page.nextCursor });
  },
  { params: idParams("groupId", "Group not found.") },
);
