import { ok, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { rotateInvite } from "@/server/groups/group-writes";

// POST /api/groups/{groupId}/invite – the owner replaces the invite link; the old one stops working.
export const POST = withSession(
  async ({ params: { groupId }, session }) => {
    const { inviteToken } = await rotateInvite({ groupId, ownerProfileId: session.profileId });
    return ok({ invitePath: `/groups/join/${inviteToken}` });
  },
  { rateLimit: "write", params: idParams("groupId", "Group not found.") },
);
