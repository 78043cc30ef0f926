import { z } from "zod";
import { sendLoginCode } from "@/server/auth/send-login-code";
import { ok, readJson, withOptionalSession } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";

const ZSendCodeRequest = z.object({
  phone: z.string({ error: "Please enter a 10-digit phone number." }).max(32, "Please enter a 10-digit phone number."),
});

// POST /api/sendCode – text a sign-in code; the same answer whether or not the phone has a profile
export const POST = withOptionalSession(async ({ req }) => {
  const { phone } = await readJson(req, ZSendCodeRequest);
  await sendLoginCode({ phone, clientAddress: clientAddress(req.headers) });
  return ok();
});
