import { ok, readQuery, withSession } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { ZGroupBoardQuery } from "@/domain/schemas/groups";
import { getGroupBoardPage, getVisibleGroupForMember, groupBoardScope } from "@/server/groups/group-reads";

// GET /api/groups/{groupId}/board?tab=pack|week|season|all&pack=&cursor= – the group's board, the main board's order among members.
export const GET = withSession(
  async ({ req, params: { groupId }, session }) => {
    const { tab, pack, cursor } = readQuery(req, ZGroupBoardQuery);
    await getVisibleGroupForMember({ groupId, viewerProfileId: session.profileId });
    const { scope, packURL } = await groupBoardScope({ tab, packURL: pack });
    if (!scope) return ok({ tab, packURL, rows: [], nextCursor: null, me: null });
    const board = await getGroupBoardPage({ groupId, scope, viewerProfileId: session.profileId, cursor });
    return ok({ tab, packURL, rows: board.items, nextCursor: board.nextCursor, me: board.me });
  },
  { params: idParams("groupId", "Group not found.") },
);
