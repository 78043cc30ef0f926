import type { SessionUser } from "@/server/auth/session";
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { VTokenBalanceAnswer } from "@/domain/schemas/play";
import { ZProfileQuery, type ProfileSelect } from "@/domain/schemas/player-requests";
import { getOwnTokenBalance } from "@/server/profiles/get-own-token-balance";

export const dynamic = "force-dynamic";

type ProfileView = (input: { handle: string; viewer: SessionUser | null }) => Promise<Record<string, unknown>>;

// Each `select` value is one view of the profile with its own access rule;
// public views (stats, takes) join this table. No view ever returns a phone
// number except to its owner.
const PROFILE_VIEWS = {
  tokens: getOwnTokenBalance,
} satisfies Record<ProfileSelect, ProfileView>;

// GET /api/profile/{profileID}?select=tokens – the owner's diamond balance (header pill)
export const GET = withOptionalSession<{ profileID: string }>(async ({ req, params, session }) => {
  const { select } = readQuery(req, ZProfileQuery);
  return okThrough(VTokenBalanceAnswer, await PROFILE_VIEWS[select]({ handle: params.profileID, viewer: session }));
});
