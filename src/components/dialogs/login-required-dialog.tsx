"use client";

import { PhoneCodeForm } from "@/components/auth/phone-code-form";
import { SIGNED_IN, type LoginResult } from "@/components/auth/login-result";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

interface LoginRequiredProps {
  title?: string;
  /**
   * What the opener does once the player is signed in, while this dialog stays
   * open and busy (the pack page sends the picks): its next dialog ("Takes
   * Made") then follows with no moment without a dialog, which the username
   * prompt would take for the end of the sign-in flow.
   */
  afterSignIn?: () => Promise<void>;
}

/**
 * "Log In to Submit": phone sign-in that closes with "signed-in" (after the
 * opener's `afterSignIn`, if any), so the opener can show its own next dialog.
 */
export default function LoginRequiredDialog({ props, close, setBusy }: DialogComponentProps<LoginRequiredProps, LoginResult>) {
  return (
    <Dialog title={props.title ?? "Log In to Submit"} description="Log in with your phone to save your takes.">
      <PhoneCodeForm
        sendLabel="Next"
        verifyLabel="Verify & Submit"
        onBusyChange={setBusy}
        onSignedIn={async () => {
          await props.afterSignIn?.().catch(() => undefined);
          close(SIGNED_IN);
        }}
      />
    </Dialog>
  );
}
