import { deleteAccount } from "@/server/profiles/delete-account";
import { playerWriteRoute } from "@/server/http/route-kits";
import { ZDeleteAccountRequest } from "@/domain/schemas/player-requests";
import { VAccountDeleted } from "@/domain/schemas/session";

// POST /api/profile/deleteAccount – the signed-in player deletes their own account (docs/PRODUCT.md §1, decision 057)
export const POST = playerWriteRoute(
  ZDeleteAccountRequest,
  VAccountDeleted,
  "Could not delete your account. Please try again.",
  async (input) => {
    await deleteAccount({ profileId: input.profileId, confirmHandle: input.confirmHandle });
    return { deleted: true as const };
  },
);
