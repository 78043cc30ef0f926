import { ok, readJson, readQuery, withSession } from "@/server/http/api";
import { ZCreateGroupRequest, ZGroupListQuery } from "@/domain/schemas/groups";
import { createGroup } from "@/server/groups/group-writes";
import { listMyGroups } from "@/server/groups/group-reads";

// GET /api/groups?cursor= – the signed-in player's groups, newest joined first, keyset paged (docs/decisions/066-groups.md).
export const GET = withSession(async ({ req, session }) => {
  const { cursor } = readQuery(req, ZGroupListQuery);
  const page = await listMyGroups({ profileId: session.profileId, cursor });
  return ok({ groups: page.items, nextCursor: page.nextCursor });
});

// POST /api/groups {name, picture} – creates a group; its maker owns it.
export const POST = withSession(
  async ({ req, session }) => {
    const { name, picture } = await readJson(req, ZCreateGroupRequest);
    const created = await createGroup({ profileId: session.profileId, name, picture });
    return ok({ ...created, url: `/groups/${created.groupId}` }, { status: 201 });
  },
  { rateLimit: "write" },
);
