import { ok, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { leaveGroup } from "@/server/groups/group-writes";

// POST /api/groups/{groupId}/leave – leaves the group (the owner hands over first, unless alone in it).
export const POST = withSession(
  async ({ params: { groupId }, session }) => ok(await leaveGroup({ groupId, profileId: session.profileId })),
  { rateLimit: "write", params: idParams("groupId", "Group not found.") },
);
