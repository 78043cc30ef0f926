"use client";

import { useEffect } from "react";

/**
 * Tells the server the owner has now seen their badges up to `seenThrough` (the newest shown), so the
 * celebration of a new badge happens once per player, not per device (docs/decisions/068-streaks-badges-recaps.md).
 * The answer does not matter: if it fails, the badge is celebrated again next time.
 */
export function MarkBadgesSeen({ seenThrough }: { seenThrough: string }) {
  useEffect(() => {
    void fetch("/api/achievements/seen", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seenThrough }),
    }).catch(() => undefined);
  }, [seenThrough]);
  return null;
}
