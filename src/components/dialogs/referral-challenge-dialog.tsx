"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/** "You're invited!": resolves "play" for "Play this pack"; either answer keeps the referral for the visit. */
export default function ReferralChallengeDialog({ props, close }: DialogComponentProps<{ referrer: string; packTitle: string }, "play">) {
  return (
    <Dialog
      title="You're invited!"
      description={
        <>
          You&apos;ve been challenged by <strong>@{props.referrer}</strong> on <strong>{props.packTitle}</strong>.
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Not now
          </Button>
          <Button data-autofocus onClick={() => close("play")}>
            Play this pack
          </Button>
        </>
      }
    >
      <p>Make your takes now.</p>
    </Dialog>
  );
}
