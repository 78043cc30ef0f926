import { ok, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { getGroupForMember, listGroupOpenPacks } from "@/server/groups/group-reads";

// GET /api/groups/{groupId} – the group and its open packs with who still has to pick; 404 to a non-member.
export const GET = withSession(
  async ({ params: { groupId }, session }) => {
    const group = await getGroupForMember({ groupId, viewerProfileId: session.profileId });
    if (group.hiddenAt) return ok({ group: { id: group.id, name: group.name, hidden: true }, openPacks: [] });
    const { inviteToken, ...shown } = group;
    const openPacks = await listGroupOpenPacks({ groupId });
    return ok({
      group: { ...shown, hidden: false, invitePath: `/groups/join/${inviteToken}` },
      openPacks: openPacks.map((pack) => ({ ...pack, members: group.memberCount })),
    });
  },
  { params: idParams("groupId", "Group not found.") },
);
