"use client";

import { startTransition, useEffect } from "react";
import { useModal, useModalStack } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";

/**
 * Opens packActive for the open pack closing soonest, at most once per pack
 * per browser session, never during a ?card= flow or over another dialog, and
 * not while a brand-new player's session still waits for a username (that
 * prompt ends the sign-in flow, screens.md §2.12).
 */
export function PackActivePopup({
  pack,
}: {
  pack: { packURL: string; title: string; coverUrl: string | null; closeTime: string | null; closeDescription: string | null };
}) {
  const { openModal } = useModal();
  const stack = useModalStack();
  const { data, status } = useSession();
  const busy = stack.length > 0;
  // A brand-new player's first visit belongs to the username prompt: no popup races it.
  const waitForSession = status === "loading" || Boolean(data?.user.isNewProfile);
  useEffect(() => {
    const key = `packActive:${pack.packURL}`;
    if (waitForSession || busy || new URLSearchParams(window.location.search).has("card")) return;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      return;
    }
    // Nobody asked for this dialog: render it as a transition, in slices that yield to the page
    // still loading beneath it (docs/decisions/023-load-budget.md).
    startTransition(() => void openModal("packActive", pack));
    // Only the first chance counts: reopening after a close is not wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pack.packURL, waitForSession]);
  return null;
}
