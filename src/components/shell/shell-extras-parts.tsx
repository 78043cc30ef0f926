"use client";

import { UsernamePrompt } from "@/components/auth/username-prompt";
import { PendingChallengeNotice } from "@/components/h2h/pending-challenge-notice";
import { CardParamHandler } from "./card-param-handler";
import { LogoutNotice } from "./logout-notice";

/** What ShellExtras loads (the feed's head-to-head notice too); a page inside a frame has none of them. */
export default function ShellExtrasParts() {
  return (
    <>
      <LogoutNotice />
      <CardParamHandler />
      <UsernamePrompt />
      <PendingChallengeNotice />
    </>
  );
}
