import { Suspense, type ReactNode } from "react";

/**
 * A part of a page that React may hydrate on its own, in short slices.
 *
 * The server renders the children in full (nothing inside suspends: the page
 * has its data before it renders), so this changes nothing a visitor sees.
 * What it changes is the browser's work after load: React hydrates everything
 * outside a Suspense boundary in one uninterrupted task, but leaves the inside
 * of each boundary for a later pass that yields to the browser every few
 * milliseconds. On a phone that turns one long task (the page frozen to taps)
 * into many short ones (docs/decisions/023-load-budget.md). A tap that lands
 * on a part not hydrated yet is replayed once it is.
 */
export function HydrateInSlices({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
