import { ok, readJson, withAdmin } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { ZHideGroupRequest } from "@/domain/schemas/groups";
import { setGroupHidden } from "@/server/groups/admin-groups";

// POST /api/admin/groups/{groupId}/hide {hidden, reason} – hides an abusive group or shows it again, audited.
export const POST = withAdmin(
  async ({ req, params: { groupId }, session }) => {
    const { hidden, reason } = await readJson(req, ZHideGroupRequest);
    return ok(await setGroupHidden({ groupId, hidden, reason, actorProfileId: session.profileId }));
  },
  { allow: "commissioner", params: idParams("groupId", "Group not found.") },
);
