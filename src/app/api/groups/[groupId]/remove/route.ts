import { ok, readJson, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { ZGroupMemberRequest } from "@/domain/schemas/groups";
import { removeMember } from "@/server/groups/group-writes";

// POST /api/groups/{groupId}/remove {profileId} – the owner removes a member.
export const POST = withSession(
  async ({ req, params: { groupId }, session }) => {
    const { profileId } = await readJson(req, ZGroupMemberRequest);
    return ok(await removeMember({ groupId, ownerProfileId: session.profileId, memberProfileId: profileId }));
  },
  { rateLimit: "write", params: idParams("groupId", "Group not found.") },
);
