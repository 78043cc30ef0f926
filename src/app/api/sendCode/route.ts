import { sendLoginCode } from "@/server/auth/send-login-code";
import { newSignInTicket, signInBrowserFrom, signInTicketSetCookie } from "@/server/auth/sign-in-browser";
import { okThrough, readJson, withOptionalSession } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";
import { ZSendCodeRequest } from "@/domain/schemas/player-requests";
import { VDone } from "@/domain/schemas/common";

// POST /api/sendCode – text a sign-in code bound to this browser's sign-in ticket (given here when it
// has none); the same answer whether or not the phone has a profile (docs/decisions/002-otp-rules.md)
export const POST = withOptionalSession(async ({ req }) => {
  const { phone } = await readJson(req, ZSendCodeRequest);
  const browser = signInBrowserFrom((name) => req.cookies.get(name)?.value);
  const ticket = browser.ticket ?? newSignInTicket();
  await sendLoginCode({ phone, ticket, knownBrowserMark: browser.knownBrowserMark, clientAddress: clientAddress(req.headers) });
  const response = okThrough(VDone, {});
  // Renewed on every code, so the ticket outlives the code it carries.
  response.headers.append("Set-Cookie", signInTicketSetCookie(ticket));
  return response;
});
