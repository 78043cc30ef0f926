"use client";

import { lazy, Suspense, useEffect, useState } from "react";

// Loaded after the page has hydrated, in a chunk of its own: none of them draws
// anything on load, so none belongs in the page's first-load JavaScript
// (docs/decisions/023-load-budget.md).
const Extras = lazy(() => import("./shell-extras-parts"));

/**
 * The shell's helpers that only react to something (a ?card= code, a logout, a
 * brand-new player's session), mounted once the page is up.
 */
export function ShellExtras() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Extras />
    </Suspense>
  );
}
