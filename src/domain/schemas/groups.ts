import { z } from "zod";
import { idSchema } from "@/domain/ids";
import { ZCursor } from "./cursor";
import { GROUP_BOARD_TABS, GROUP_LIMITS } from "@/domain/groups";

/** POST /api/groups {name, picture}: a new group (docs/decisions/066-groups.md). */
export const ZCreateGroupRequest = z.object({
  name: z
    .string("Name your group.")
    .trim()
    .min(1, "Name your group.")
    .max(GROUP_LIMITS.nameLength, `A group's name is ${GROUP_LIMITS.nameLength} characters at most.`),
  picture: z.boolean().default(true),
});

/** POST /api/groups/join {token} */
export const ZJoinGroupRequest = z.object({
  token: z.string("This invite link no longer works.").regex(/^[A-Za-z0-9_-]{16,64}$/, "This invite link no longer works."),
});

/** POST /api/groups/{groupId}/remove and /owner {profileId}: a member of the group. */
export const ZGroupMemberRequest = z.object({ profileId: idSchema("That player is not in this group.") });

/** GET lists of groups: the page after `cursor`. */
export const ZGroupListQuery = z.object({ cursor: ZCursor.optional() });

/** GET /api/groups/{groupId}/board?tab=&pack=&cursor= */
export const ZGroupBoardQuery = z.object({
  tab: z.enum(GROUP_BOARD_TABS).default("all"),
  pack: z.string().trim().max(80).optional(),
  cursor: ZCursor.optional(),
});

/** GET /api/admin/groups?q=&cursor= */
export const ZAdminGroupsQuery = z.object({ q: z.string().trim().max(40).default(""), cursor: ZCursor.optional() });

/** POST /api/admin/groups/{groupId}/hide {hidden, reason} */
export const ZHideGroupRequest = z.object({
  hidden: z.boolean("Choose hide or unhide."),
  reason: z.string("Give a reason.").trim().min(3, "Give a reason.").max(300, "Keep the reason under 300 characters."),
});
