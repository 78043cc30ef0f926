"use client";

import { startTransition, useEffect, useRef } from "react";
import { useModal, useModalStack } from "@/components/dialogs/modal-context";
import { claimUnasked, quietThisView, useToastShowing } from "@/components/dialogs/unasked-gate";
import { useSession } from "@/components/shell/session";
import { useMyPackProgress } from "./my-pack-progress";

type PopupPack = {
  id: string;
  packURL: string;
  title: string;
  coverUrl: string | null;
  closeTime: string | null;
  closeDescription: string | null;
  propsCount: number;
};

/**
 * Opens packActive for the open pack closing soonest that the viewer has not
 * finished (a visitor: the first of `candidates`), at most once per pack per
 * browser session, never during or after a ?card= flow, over another dialog or a
 * toast, nor on the page a player lands on after logging out, and not while a
 * brand-new player's session still waits for a username (that prompt ends the
 * sign-in flow, docs/SCREENS.md §2.12). It is a page view's one unasked dialog at
 * most (components/dialogs/unasked-gate.ts). A player's progress comes from the
 * browser (my-pack-progress.tsx): the page itself is the same for everyone.
 */
export function PackActivePopup({ candidates }: { candidates: PopupPack[] }) {
  const { openModal } = useModal();
  const stack = useModalStack();
  const { data, status } = useSession();
  const progress = useMyPackProgress();
  const toast = useToastShowing();
  const busy = stack.length > 0 || toast;
  const signedIn = status === "authenticated";
  // A session that ends while the page is open (Log out in another tab) leaves this view quiet too.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
    else if (status === "unauthenticated" && wasSignedIn.current) quietThisView();
  }, [signedIn, status]);
  const known = !signedIn || (progress !== null && candidates.every((c) => c.id in progress));
  // A pack with every prop picked is done.
  const pack = known ? candidates.find((c) => !signedIn || (progress?.[c.id] ?? 0) < c.propsCount) : undefined;
  // A brand-new player's first visit belongs to the username prompt: no popup races it.
  const waitForSession = status === "loading" || Boolean(data?.user.isNewProfile) || !known;
  useEffect(() => {
    if (!pack || waitForSession || busy || new URLSearchParams(window.location.search).has("card")) return;
    const key = `packActive:${pack.packURL}`;
    try {
      // `<html data-pack-active>` tells what was decided (the browser tests wait for it).
      if (sessionStorage.getItem(key)) {
        document.documentElement.dataset.packActive = "shown-before";
        return;
      }
      if (!claimUnasked("promotion")) {
        document.documentElement.dataset.packActive = "held";
        return;
      }
      sessionStorage.setItem(key, "1");
    } catch {
      return;
    }
    document.documentElement.dataset.packActive = "shown";
    const { id: _id, propsCount: _count, ...shown } = pack;
    // Nobody asked for this dialog: render it as a transition, in slices that yield to the page
    // still loading beneath it (docs/decisions/023-load-budget.md).
    startTransition(() => void openModal("packActive", shown));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Only the first calm chance counts: reopening after a close is not wanted.
  }, [pack?.packURL, waitForSession, busy]);
  return null;
}
