import { okThrough, readQuery, withSession } from "@/server/http/api";
import { ZOpponentsQuery } from "@/domain/schemas/h2h";
import { VOpponentsAnswer } from "@/domain/schemas/play";
import { findOpponents } from "@/server/h2h/find-opponents";

export const dynamic = "force-dynamic";

/**
 * GET /api/h2h/opponents?q=gus – who a head-to-head can go to, as the name is typed: the exact player
 * ({handle, isMe} or null) and up to six names starting with it, past opponents first → {exact, players}.
 */
export const GET = withSession(async ({ req, session }) => {
  const { q } = readQuery(req, ZOpponentsQuery);
  return okThrough(VOpponentsAnswer, await findOpponents({ profileId: session.profileId, query: q }));
});
