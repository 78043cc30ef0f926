"use client";

import { PhoneCodeForm } from "@/components/auth/phone-code-form";
import { SIGNED_IN, type LoginResult } from "@/components/auth/login-result";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";
import { useModal } from "./modal-context";

export interface LoginDialogProps {
  /** Default "Log In" (also "Log in to follow", "Log in to claim"). */
  title?: string;
  /** The verify button; default "Verify & Continue" (also "Verify & Follow", "Verify & Claim"). */
  buttonLabel?: string;
  /** "notify": after signing in, open `subscribe` with the other props passed here. */
  reason?: "notify";
  [subscribeProp: string]: unknown;
}

/**
 * Phone sign-in in a dialog. Resolves "signed-in" once signed in: at once
 * when it hands over to `subscribe` (reason notify), otherwise when the
 * `loginSuccess` that replaces it closes, so the opener's next dialog comes
 * after it.
 */
export default function LoginDialog({ props, close, replace, setBusy }: DialogComponentProps<LoginDialogProps, LoginResult>) {
  const { openModal } = useModal();
  const { title, buttonLabel, ...forwarded } = props;
  return (
    <Dialog title={title ?? "Log In"}>
      <PhoneCodeForm
        sendLabel="Next"
        verifyLabel={buttonLabel ?? "Verify & Continue"}
        onBusyChange={setBusy}
        onSignedIn={() => {
          if (props.reason === "notify") {
            close(SIGNED_IN);
            void openModal("subscribe", forwarded);
          } else {
            replace("loginSuccess");
          }
        }}
      />
    </Dialog>
  );
}
