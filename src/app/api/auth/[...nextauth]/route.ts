import type { NextRequest } from "next/server";
import { handleNextAuthRequest } from "@/server/auth/next-auth-handler";
import { receiveClientLog } from "@/server/auth/receive-client-log";
import { offerRouteLane } from "@/server/http/route-lane";

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

// Every signed-in page load asks for its session once (src/components/shell/session.tsx): the same
// handler answers it past Next's router (docs/decisions/026-route-lane.md).
offerRouteLane({ method: "GET", pattern: /^\/api\/auth\/session$/, params: [] }, (req) => handleNextAuthRequest(req, ["session"]));
