"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { useModal, useModalStack } from "@/components/dialogs/modal-context";
import { claimUnasked, signedInHere, useToastShowing, visit } from "@/components/dialogs/unasked-gate";
import { useSession } from "@/components/shell/session";

/**
 * Waits this long with no dialog open, so a dialog replaced by the next one of
 * its flow is not taken for the end of the flow. Flows keep a dialog open while
 * they work towards their next one (loginRequired while the picks are sent,
 * then packCompleted), so a short wait is enough: the prompt follows the last
 * dialog at once, not seconds later.
 */
const QUIET_MS = 250;
const promptedKey = (profileId: string) => `takes:username-prompted:${profileId}`;

/** Whether some tab of this browser already showed the prompt. */
function promptedBefore(profileId: string): boolean {
  try {
    return Boolean(window.localStorage.getItem(promptedKey(profileId)));
  } catch {
    // Without storage the server-side flag alone keeps it to this session token.
    return false;
  }
}

/** Marks the prompt as shown for this browser. */
function markPrompted(profileId: string): void {
  try {
    window.localStorage.setItem(promptedKey(profileId), "1");
  } catch {
    // See promptedBefore.
  }
}

/**
 * Opens `usernameRequired` once after a brand-new profile's first sign-in,
 * when that sign-in flow has finished (no dialog open) and no toast is on
 * screen, on whatever page the player landed, in the tab they are looking at
 * (docs/SCREENS.md §2.12, §4.1). It is the page view's one unasked dialog
 * (unasked-gate.ts), so "Pack active now!" does not follow it. Mounted on every
 * page, it also tells the gate when a new page view starts. Renders nothing.
 */
export function UsernamePrompt() {
  const { data } = useSession();
  const { openModal } = useModal();
  const stack = useModalStack();
  const pathname = usePathname();
  const toast = useToastShowing();
  const profileId = data?.user.isNewProfile ? data.user.id : null;
  const idle = stack.length === 0 && !toast;
  useEffect(() => visit(pathname), [pathname]);
  useEffect(() => {
    if (profileId) signedInHere();
  }, [profileId]);

  // Its code loads as soon as the prompt is due, not when its turn comes.
  useEffect(() => {
    if (!profileId) return;
    void Promise.all([
      import("@/components/dialogs/modal-stack"),
      import("@/components/dialogs/registry").then((m) => m.DIALOG_REGISTRY.usernameRequired.preload()),
    ]).catch(() => undefined);
  }, [profileId]);

  useEffect(() => {
    if (!profileId || !idle) return;
    const timer = setTimeout(() => {
      if (document.visibilityState !== "visible" || promptedBefore(profileId) || !claimUnasked("username")) return;
      markPrompted(profileId);
      void openModal("usernameRequired");
    }, QUIET_MS);
    return () => clearTimeout(timer);
    // The pathname: a page view that had its unasked dialog already leaves the prompt to the next one.
  }, [profileId, idle, openModal, pathname]);

  return null;
}
