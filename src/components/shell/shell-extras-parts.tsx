"use client";

import { UsernamePrompt } from "@/components/auth/username-prompt";
import { BrokenImageGuard } from "./broken-image-guard";
import { CardParamHandler } from "./card-param-handler";
import { LogoutNotice } from "./logout-notice";

/** What ShellExtras loads: everything in a page of the site, only the image guard inside a frame. */
export default function ShellExtrasParts({ framed }: { framed: boolean }) {
  if (framed) return <BrokenImageGuard />;
  return (
    <>
      <LogoutNotice />
      <CardParamHandler />
      <UsernamePrompt />
      <BrokenImageGuard />
    </>
  );
}
