"use client";

import { useEffect } from "react";

const mark = (img: HTMLImageElement, broken: boolean) => img.toggleAttribute("data-broken", broken);
const hasFailed = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0 && img.currentSrc !== "";

/**
 * Marks images that failed to load (a team logo or cover on a host that is
 * down or unreachable) with `data-broken`; globals.css draws the decorative
 * ones (alt="") as a plain tinted box, or hides them where a placeholder
 * stands behind (`data-over-placeholder`), instead of a broken-image icon.
 * Images with alt text keep it visible. An image that loads later (a cover
 * URL being typed in an admin form) is unmarked.
 */
export function BrokenImageGuard() {
  useEffect(() => {
    // Images that failed before this ran (during the server-rendered page's load).
    for (const img of Array.from(document.images)) if (hasFailed(img)) mark(img, true);
    // Load and error do not bubble, but they pass the document on the way down.
    const onError = (event: Event) => event.target instanceof HTMLImageElement && mark(event.target, true);
    const onLoad = (event: Event) => event.target instanceof HTMLImageElement && mark(event.target, false);
    document.addEventListener("error", onError, true);
    document.addEventListener("load", onLoad, true);
    return () => {
      document.removeEventListener("error", onError, true);
      document.removeEventListener("load", onLoad, true);
    };
  }, []);
  return null;
}
