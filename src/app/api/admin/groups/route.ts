import { ok, readQuery, withAdmin } from "@/server/http/api";
import { ZAdminGroupsQuery } from "@/domain/schemas/groups";
import { listAdminGroups } from "@/server/groups/admin-groups";

// GET /api/admin/groups?q=&cursor= – groups by name, newest first (docs/decisions/066-groups.md).
export const GET = withAdmin(
  async ({ req }) => {
    const { q, cursor } = readQuery(req, ZAdminGroupsQuery);
    const page = await listAdminGroups({ q, cursor });
    return ok({ groups: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);
