"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useModal } from "@/components/dialogs/modal-context";
import { safeRedirectPath } from "@/domain/safe-redirect";
import { cardTeamRoute } from "./card-team-route";
import { apiFetch } from "@/components/api/api-fetch";
import { awardPreviewPath } from "@/domain/awards";
import { ZAwardPreview } from "@/domain/schemas/awards";
import { startCardFlow } from "@/components/dialogs/unasked-gate";

function dropCardParam() {
  const url = new URL(window.location.href);
  url.searchParams.delete("card");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Reads the preview; goes to the card's team page first (keeping `card`), then
 * drops `card` from the URL and opens promoFollow or awardClaim. A failed
 * preview still opens awardClaim, which shows the error.
 */
export default function CardFlow({ code, onDone }: { code: string; onDone: () => void }) {
  const router = useRouter();
  const { openModal } = useModal();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // No unasked dialog while it runs, and no promotion after it (components/dialogs/unasked-gate.ts).
    const done = startCardFlow();
    void (async () => {
      const answer = await apiFetch(awardPreviewPath(code), { schema: ZAwardPreview, fallback: "Could not load award" });
      const preview = answer.ok ? answer.data : null;
      const teamRoute = preview ? cardTeamRoute(preview) : null;
      if (teamRoute && window.location.pathname !== `/teams/${teamRoute}`) {
        // The handler remounts on the team page and continues from there.
        router.replace(
          safeRedirectPath(`/teams/${encodeURIComponent(teamRoute)}?card=${encodeURIComponent(code)}`, window.location.origin),
        );
        return;
      }
      dropCardParam();
      onDone();
      try {
        if (preview?.kind === "promo") await openModal("promoFollow", { code, preview });
        else await openModal("awardClaim", { code, preview, previewError: answer.ok ? undefined : answer.error });
      } finally {
        done();
      }
    })();
  }, [code, onDone, openModal, router]);

  return null;
}
