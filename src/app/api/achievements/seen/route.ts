// POST /api/achievements/seen – the owner's profile showed their new badges: celebrate them once (decision 068)
import { okThrough, readJson, withSession } from "@/server/http/api";
import { ZBadgesSeenAnswer, ZBadgesSeenRequest } from "@/domain/schemas/achievements";
import { markBadgesSeen } from "@/server/achievements/mark-badges-seen";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ req, session }) => {
    const { seenThrough } = await readJson(req, ZBadgesSeenRequest);
    return okThrough(ZBadgesSeenAnswer, await markBadgesSeen({ profileId: session.profileId, seenThrough: new Date(seenThrough) }));
  },
  { rateLimit: "write" },
);
