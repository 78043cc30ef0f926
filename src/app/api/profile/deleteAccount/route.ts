import type { NextRequest } from "next/server";
import { deleteAccount } from "@/server/profiles/delete-account";
import { playerWriteRoute } from "@/server/http/route-kits";
import { playedClearCookie } from "@/server/takes/played-cookie";
import { ZDeleteAccountRequest } from "@/domain/schemas/player-requests";
import { VAccountDeleted } from "@/domain/schemas/session";

const deleteRoute = playerWriteRoute(
  ZDeleteAccountRequest,
  VAccountDeleted,
  "Could not delete your account. Please try again.",
  async (input) => {
    await deleteAccount({ profileId: input.profileId, confirmHandle: input.confirmHandle });
    return { deleted: true as const };
  },
);

// POST /api/profile/deleteAccount – the signed-in player deletes their own account (docs/PRODUCT.md §1, decision 057).
// The browser forgets it has played, so a new player on it is greeted by the pitch (decision 058).
export async function POST(req: NextRequest, context: Parameters<typeof deleteRoute>[1]): Promise<Response> {
  const response = await deleteRoute(req, context);
  if (response.ok) response.headers.append("Set-Cookie", playedClearCookie());
  return response;
}
