import * as v from "valibot";

/** POST /api/groups and /api/groups/join: the group's page to go to (docs/decisions/066-groups.md). */
export const VGroupPageAnswer = v.object({ url: v.string() });
