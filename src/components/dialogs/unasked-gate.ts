"use client";

// One message at a time (issue 39 item 3, docs/SCREENS.md "Dialogs nobody asked for"): dialogs the
// player did not ask for (the username prompt, a graded pack's results, "Pack active now!") go through this gate. At most one
// of them opens per page view, never while another dialog or a toast is on screen, never during a
// `?card=` flow, and none on the page a player lands on after logging out.
//
// A page view is a pathname: `visit` is called by the shell on every navigation (UsernamePrompt is
// mounted on every page) and by every function here first (the shell's parts load after the page's),
// and a new pathname starts a new view; so does a sign-in on the page (signedInHere).
import { useSyncExternalStore } from "react";

/** Marks the page while a `?card=` flow runs (components/awards/card-flow.tsx): no unasked dialog meanwhile. */
export const CARD_FLOW_ATTRIBUTE = "data-card-flow";
const SIGNED_OUT_KEY = "takes:signed-out";

let path: string | null = null;
let claimed = false;
let quiet = false;
// A `?card=` flow ran in this view: the visitor came for it, so no promotion follows it (the username
// prompt of a player it signed up still may).
let flowRan = false;
let toasts = 0;
const listeners = new Set<() => void>();

/** Starts a new page view when the pathname changed. */
export function visit(pathname: string): void {
  if (pathname === path) return;
  path = pathname;
  // A dialog still on screen as the view begins (a username prompt opened on /login just before the
  // sign-in's redirect) is this view's one: nothing else unasked follows it once it is closed. The
  // navigation drawer, which a player leaves by following a link, is not such a dialog.
  claimed = document.querySelector('[role="dialog"][aria-modal="true"]:not([data-testid="mobile-nav"])') !== null;
  quiet = false;
  flowRan = false;
  try {
    // The page a sign-out lands on takes no unasked dialog (signOut marks it before leaving).
    if (window.sessionStorage.getItem(SIGNED_OUT_KEY)) {
      window.sessionStorage.removeItem(SIGNED_OUT_KEY);
      quiet = true;
    }
  } catch {
    // Without storage the landing page is not told apart.
  }
}

/** Called by signOut just before the browser leaves for the signed-out page. */
export function markSignedOut(): void {
  try {
    window.sessionStorage.setItem(SIGNED_OUT_KEY, "1");
  } catch {
    // See visit.
  }
}

/** A `?card=` flow starts: the page is marked while it runs, and no promotion follows it in this view. */
export function startCardFlow(): () => void {
  visit(window.location.pathname);
  flowRan = true;
  document.documentElement.setAttribute(CARD_FLOW_ATTRIBUTE, "");
  return () => {
    document.documentElement.removeAttribute(CARD_FLOW_ATTRIBUTE);
    for (const listener of listeners) listener();
  };
}

/**
 * A player signed in on this page (a brand-new profile's session appeared): the page now shows a
 * signed-in player, a new view for the gate, so the username prompt that ends the sign-in may come
 * even where "Pack active now!" greeted the visitor before.
 */
export function signedInHere(): void {
  visit(window.location.pathname);
  claimed = false;
}

/** This page view takes no unasked dialog (the session just ended in another tab). */
export function quietThisView(): void {
  visit(window.location.pathname);
  quiet = true;
}

/** The toast provider reports how many toasts are on screen. */
export function setToastCount(count: number): void {
  if (count === toasts) return;
  toasts = count;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast is on screen; re-renders its user when that changes. */
export function useToastShowing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toasts > 0,
    () => false,
  );
}

/**
 * Takes this page view's one unasked dialog: true when the caller may open it now (no dialog
 * open, which the caller checks; no toast, no card flow running, none shown in this view yet).
 * A promotion ("Pack active now!") also never follows a card flow.
 */
export function claimUnasked(kind: "username" | "results" | "promotion"): boolean {
  visit(window.location.pathname);
  if (claimed || quiet || toasts > 0 || document.documentElement.hasAttribute(CARD_FLOW_ATTRIBUTE)) return false;
  if (kind === "promotion" && flowRan) return false;
  claimed = true;
  return true;
}
