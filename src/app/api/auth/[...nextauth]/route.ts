import type { NextRequest } from "next/server";
import { handleNextAuthRequest } from "@/server/auth/next-auth-handler";
import { offerLane } from "@/server/http/route-lane";
import { receiveClientLog } from "@/server/auth/receive-client-log";

export const dynamic = "force-dynamic";

// next-auth's REST API (docs/PRODUCT.md §15): session, csrf, providers,
// callback/credentials, signout, plus its sign-in and error redirects. Its
// client log beacon (_log) is ours: next-auth would log whatever it is sent.
async function handler(req: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  const { nextauth } = await context.params;
  if (nextauth[0] === "_log") return receiveClientLog(req);
  return handleNextAuthRequest(req, nextauth);
}

export { handler as GET, handler as POST };

// GET /api/auth/session, the session every page's client asks for as it starts. Asked by every page a player opens, a quarter of a kickoff rush's requests: served past Next's
// router in production, by the same handler (docs/decisions/026-route-lane.md).
offerLane({ method: "GET", pattern: /^\/api\/auth\/session$/, params: [] }, (req) => handler(req, { params: Promise.resolve({ nextauth: ["session"] }) }));
