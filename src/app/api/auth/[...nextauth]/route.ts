import type { NextRequest } from "next/server";
import { handleNextAuthRequest } from "@/server/auth/next-auth-handler";
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
