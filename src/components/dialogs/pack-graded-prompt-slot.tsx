"use client";

import { lazy, Suspense } from "react";

// Loaded only where it is rendered (a graded pack the player has results on): none of its code is in the pack page's first load.
const Prompt = lazy(() => import("./pack-graded-prompt").then((m) => ({ default: m.PackGradedPrompt })));

/** PackGradedPrompt, loaded after the page (the pack page's first-load budget, docs/decisions/023-load-budget.md). */
export function PackGradedPromptSlot({ packURL }: { packURL: string }) {
  return (
    <Suspense fallback={null}>
      <Prompt packURL={packURL} />
    </Suspense>
  );
}
