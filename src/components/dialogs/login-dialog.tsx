"use client";

import { PhoneCodeForm } from "@/components/auth/phone-code-form";
import { SIGNED_IN, type LoginResult } from "@/components/auth/login-result";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";
import type { SubscribeProps } from "./subscribe-dialog";

export interface LoginDialogProps extends SubscribeProps {
  /** Default "Log In" (also "Log in to follow", "Log in to claim"). */
  title?: string;
  /** The verify button; default "Verify & Continue" (also "Verify & Follow", "Verify & Claim"). */
  buttonLabel?: string;
  /**
   * "notify": after signing in, open `subscribe` with the other props passed here. "continue": a flow
   * goes on once signed in (claiming a card) and says so itself: no "You are now signed in." between.
   */
  reason?: "notify" | "continue";
}

/**
 * Phone sign-in in a dialog. Once signed in it gives way to the next dialog,
 * and the opener learns the outcome when that one closes: `subscribe` (reason
 * notify) answers whether the player subscribed, so a sign-in followed by
 * Cancel is not taken for a subscription; otherwise `loginSuccess` answers
 * "signed-in", so the opener's next dialog comes after it.
 */
export default function LoginDialog({ props, replace, close, setBusy }: DialogComponentProps<LoginDialogProps, LoginResult | boolean>) {
  const { title, buttonLabel, reason, ...forwarded } = props;
  return (
    <Dialog title={title ?? "Log In"}>
      <PhoneCodeForm
        sendLabel="Next"
        verifyLabel={buttonLabel ?? "Verify & Continue"}
        onBusyChange={setBusy}
        onSignedIn={() => {
          if (reason === "notify") {
            replace("subscribe", forwarded);
          } else if (reason === "continue") {
            close(SIGNED_IN);
          } else {
            replace("loginSuccess");
          }
        }}
      />
    </Dialog>
  );
}
