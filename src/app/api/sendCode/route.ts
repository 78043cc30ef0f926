import { sendLoginCode } from "@/server/auth/send-login-code";
import { okThrough, readJson, withOptionalSession } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";
import { ZSendCodeRequest } from "@/domain/schemas/player-requests";
import { VDone } from "@/domain/schemas/common";

// POST /api/sendCode – text a sign-in code; the same answer whether or not the phone has a profile
export const POST = withOptionalSession(async ({ req }) => {
  const { phone } = await readJson(req, ZSendCodeRequest);
  await sendLoginCode({ phone, clientAddress: clientAddress(req.headers) });
  return okThrough(VDone, {});
});
