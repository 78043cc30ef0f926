"use client";

import { useContext, useEffect } from "react";
import { SIGNED_IN, type LoginResult } from "@/components/auth/login-result";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFrameContext } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/** "You are now signed in." However it is closed (button, ×, Escape, backdrop), the opener learns "signed-in". */
export default function LoginSuccessDialog({ close }: DialogComponentProps<Record<string, never>, LoginResult>) {
  const { setCloseHandler } = useContext(DialogFrameContext);
  useEffect(() => {
    setCloseHandler(() => close(SIGNED_IN));
    return () => setCloseHandler(null);
  });
  return (
    <Dialog
      title="Success"
      description="You are now signed in."
      actions={
        <Button data-autofocus onClick={() => close(SIGNED_IN)}>
          Close
        </Button>
      }
    />
  );
}
