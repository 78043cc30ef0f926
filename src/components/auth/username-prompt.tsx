"use client";

import { useEffect } from "react";
import { useModal, useModalStack } from "@/components/dialogs/modal-context";
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

/** Marks the prompt as shown for this browser; false when some tab already showed it. */
function claimPrompt(profileId: string): boolean {
  try {
    if (window.localStorage.getItem(promptedKey(profileId))) return false;
    window.localStorage.setItem(promptedKey(profileId), "1");
  } catch {
    // Without storage the server-side flag alone keeps it to this session token.
  }
  return true;
}

/**
 * Opens `usernameRequired` once after a brand-new profile's first sign-in,
 * when that sign-in flow has finished (no dialog open), on whatever page the
 * player landed, in the tab they are looking at (docs/SCREENS.md §2.12, §4.1).
 * Renders nothing.
 */
export function UsernamePrompt() {
  const { data } = useSession();
  const { openModal } = useModal();
  const stack = useModalStack();
  const profileId = data?.user.isNewProfile ? data.user.id : null;
  const idle = stack.length === 0;

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
      if (document.visibilityState === "visible" && claimPrompt(profileId)) void openModal("usernameRequired");
    }, QUIET_MS);
    return () => clearTimeout(timer);
  }, [profileId, idle, openModal]);

  return null;
}
