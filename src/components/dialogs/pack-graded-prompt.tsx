"use client";

import { useEffect, useRef } from "react";
import { fetchPackGradedSummary } from "./pack-graded-summary";
import { useModal, useModalStack } from "./modal-context";

/**
 * Opens the packGraded dialog for a graded pack the signed-in player has not
 * been shown yet. Mount it where a player lands after grading (the pack page,
 * their profile). It stays quiet during a `?ref=` referral visit and when
 * another dialog is open; the server decides "not yet shown".
 */
export function PackGradedPrompt({ packURL }: { packURL: string }) {
  const { openModal } = useModal();
  const stack = useModalStack();
  const checked = useRef(false);
  const busy = stack.length > 0;

  useEffect(() => {
    if (checked.current || busy) return;
    if (new URLSearchParams(window.location.search).has("ref")) return;
    checked.current = true;
    void fetchPackGradedSummary(packURL).then((summary) => {
      if (summary?.shouldShow) void openModal("packGraded", { packURL, summary });
    });
  }, [busy, openModal, packURL]);

  return null;
}
