import { ok, readJson, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { ZGroupMemberRequest } from "@/domain/schemas/groups";
import { handOverGroup } from "@/server/groups/group-writes";

// POST /api/groups/{groupId}/owner {profileId} – the owner hands the group to another member.
export const POST = withSession(
  async ({ req, params: { groupId }, session }) => {
    const { profileId } = await readJson(req, ZGroupMemberRequest);
    return ok(await handOverGroup({ groupId, ownerProfileId: session.profileId, toProfileId: profileId }));
  },
  { rateLimit: "write", params: idParams("groupId", "Group not found.") },
);
