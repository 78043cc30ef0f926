"use client";

import { useEffect, useRef } from "react";
import { fetchPackGradedSummary } from "./pack-graded-summary";
import { useModal, useModalStack } from "./modal-context";
import { claimUnasked, useToastShowing } from "./unasked-gate";

/**
 * Opens the packGraded dialog for a graded pack the signed-in player has not
 * been shown yet. Mount it where a player lands after grading (the pack page,
 * their profile). It stays quiet during a `?ref=` referral visit and while
 * another dialog or a toast is on screen, and it is the page view's one unasked
 * dialog (unasked-gate.ts); the server decides "not yet shown", so a pack whose
 * results were held back shows them on the next page view.
 */
export function PackGradedPrompt({ packURL }: { packURL: string }) {
  const { openModal } = useModal();
  const stack = useModalStack();
  const checked = useRef(false);
  const toast = useToastShowing();
  const busy = stack.length > 0 || toast;

  useEffect(() => {
    if (checked.current || busy) return;
    if (new URLSearchParams(window.location.search).has("ref")) return;
    checked.current = true;
    void fetchPackGradedSummary(packURL).then((summary) => {
      if (summary?.shouldShow && claimUnasked("results")) void openModal("packGraded", { packURL, summary });
    });
  }, [busy, openModal, packURL]);

  return null;
}
