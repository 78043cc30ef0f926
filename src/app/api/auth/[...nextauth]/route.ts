import type { NextRequest } from "next/server";
import { handleNextAuthRequest } from "@/server/auth/next-auth-handler";

export const dynamic = "force-dynamic";

// next-auth's REST API (product-spec §7): session, csrf, providers,
// callback/credentials, signout, _log, plus its sign-in and error redirects.
async function handler(req: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  const { nextauth } = await context.params;
  return handleNextAuthRequest(req, nextauth);
}

export { handler as GET, handler as POST };
