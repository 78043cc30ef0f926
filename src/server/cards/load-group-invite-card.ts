import "server-only";
import { getGroupByInvite } from "@/server/groups/group-reads";
import { groupPictureSvg } from "@/server/groups/group-picture";
import { drawGroupInviteCard, type DrawnCard } from "./draw-cards";

/**
 * A group invite's share card (docs/decisions/067-share-cards.md, docs/decisions/066-groups.md):
 * the group's name, its owner's handle, its member count and its drawn picture, keyed by the
 * invite token, so rotating the link retires the card. Null for a token that opens nothing and
 * for a group the league hid.
 */
export async function loadGroupInviteCard(token: string): Promise<DrawnCard | null> {
  const group = await getGroupByInvite({ token, viewerProfileId: null });
  if (!group || group.hiddenAt) return null;
  return drawGroupInviteCard({
    name: group.name,
    ownerHandle: group.ownerHandle,
    memberCount: group.memberCount,
    pictureSvg: groupPictureSvg(group),
  });
}
