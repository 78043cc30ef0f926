import { ok, readJson, withSession } from "@/server/http/api";
import { ZJoinGroupRequest } from "@/domain/schemas/groups";
import { joinGroup } from "@/server/groups/group-writes";

// POST /api/groups/join {token} – joins the group of an invite link; joining twice changes nothing.
export const POST = withSession(
  async ({ req, session }) => {
    const { token } = await readJson(req, ZJoinGroupRequest);
    const joined = await joinGroup({ profileId: session.profileId, token });
    return ok({ ...joined, url: `/groups/${joined.groupId}` });
  },
  { rateLimit: "write" },
);
