"use client";

import { UsernamePrompt } from "@/components/auth/username-prompt";
import { PendingChallengeNotice } from "@/components/h2h/pending-challenge-notice";
import { BrokenImageGuard } from "./broken-image-guard";
import { CardParamHandler } from "./card-param-handler";
import { LogoutNotice } from "./logout-notice";

/** What ShellExtras loads: everything in a page of the site (the feed's head-to-head notice too), only the image guard inside a frame. */
export default function ShellExtrasParts({ framed }: { framed: boolean }) {
  if (framed) return <BrokenImageGuard />;
  return (
    <>
      <LogoutNotice />
      <CardParamHandler />
      <UsernamePrompt />
      <PendingChallengeNotice />
      <BrokenImageGuard />
    </>
  );
}
