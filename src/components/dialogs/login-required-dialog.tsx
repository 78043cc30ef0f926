"use client";

import { PhoneCodeForm } from "@/components/auth/phone-code-form";
import { SIGNED_IN, type LoginResult } from "@/components/auth/login-result";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/**
 * "Log In to Submit": phone sign-in that closes with "signed-in" at once, so
 * the pack page can submit the picks and show its own next dialog.
 */
export default function LoginRequiredDialog({ props, close, setBusy }: DialogComponentProps<{ title?: string }, LoginResult>) {
  return (
    <Dialog title={props.title ?? "Log In to Submit"} description="Log in with your phone to save your takes.">
      <PhoneCodeForm
        sendLabel="Next"
        verifyLabel="Verify & Submit"
        onBusyChange={setBusy}
        onSignedIn={() => close(SIGNED_IN)}
      />
    </Dialog>
  );
}
