"use client";

// A small client for next-auth's REST API (docs/PRODUCT.md §15), used instead of
// next-auth/react to keep the shell inside the first-load JavaScript budget.
// Same behaviour: the session loads once, refetches when another tab signs in
// or out (storage event), when the page becomes visible again, and on a
// polling interval when configured (skipped while offline). Ours besides: the
// answer carries the player's balance (the header's diamond pill), so anything
// that changes it (balance-events.ts) makes the session be read again.
import { markSignedOut } from "@/components/dialogs/unasked-gate";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { InferOutput } from "valibot";
import { safeRedirectPath } from "@/domain/safe-redirect";
import type { VSession } from "@/domain/schemas/session";
import { checkWith } from "@/domain/schemas/standard";
import { onBalanceChanged } from "./balance-events";

export type SessionData = InferOutput<typeof VSession>;

/**
 * The answers' schemas, loaded beside the first request rather than with the page: the shell is on
 * every page's first load, and the schema library is not needed before an answer arrives.
 */
const contract = () => import("@/domain/schemas/session");

/** The session in `body`, when it is one (a visitor's answer is `{}`). */
async function sessionIn(answer: Promise<unknown>): Promise<SessionData | null> {
  const [{ VSession }, body] = await Promise.all([contract(), answer]);
  const checked = checkWith(VSession, body);
  return checked.ok ? checked.value : null;
}
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

interface SessionContextValue {
  data: SessionData | null;
  status: SessionStatus;
  /**
   * As next-auth's: `update()` re-reads the session (a new request, even with
   * one in flight: it may have been asked before the change to be seen);
   * `update(data)` posts a session update first, on which our server refreshes
   * the token from the database (handle, admin flag). The data itself is
   * ignored by the server: the browser can never change who it is.
   */
  update: (data?: Record<string, unknown>) => Promise<SessionData | null>;
}

export const AUTH_BASE = "/api/auth";
const BROADCAST_KEY = "nextauth.message";
const SessionContext = createContext<SessionContextValue | null>(null);

async function fetchSession(): Promise<SessionData | null> {
  try {
    const response = await fetch(`${AUTH_BASE}/session`, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) throw new Error(`session ${response.status}`);
    return await sessionIn(response.json());
  } catch (error) {
    void logClientError("CLIENT_SESSION_ERROR", error);
    return null;
  }
}

export async function getCsrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_BASE}/csrf`, { cache: "no-store", credentials: "same-origin" });
  const [{ VCsrfAnswer }, body] = await Promise.all([contract(), response.json()]);
  const checked = checkWith(VCsrfAnswer, body);
  if (!checked.ok) throw new Error("No CSRF token");
  return checked.value.csrfToken;
}

/** next-auth's client log beacon (POST _log). */
export async function logClientError(code: string, error: unknown): Promise<void> {
  try {
    await fetch(`${AUTH_BASE}/_log`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ level: "error", code, error: error instanceof Error ? error.message : String(error) }),
    });
  } catch {
    // Logging must never break the page.
  }
}

/** Tells other tabs to refetch their session (next-auth's storage message). */
export function broadcastSessionChange(trigger: "signin" | "signout" | "getSession"): void {
  try {
    window.localStorage.setItem(BROADCAST_KEY, JSON.stringify({ event: "session", data: { trigger }, timestamp: Date.now() }));
  } catch {
    // Storage may be unavailable (private mode); other tabs catch up on focus.
  }
}

/**
 * POST signout, then navigate to `callbackUrl` (default: reload the current
 * page). Throws, and stays on the page, when the server did not sign out (no
 * network, an error answer): landing on "Logged out successfully" while still
 * signed in would be a lie.
 */
export async function signOut(options: { callbackUrl?: string } = {}): Promise<void> {
  const callbackUrl = options.callbackUrl ?? window.location.href;
  const csrfToken = await getCsrfToken();
  const response = await fetch(`${AUTH_BASE}/signout`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl, json: "true" }),
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`signout ${response.status}`);
  const [{ VAuthRedirectAnswer }, body] = await Promise.all([contract(), response.json().catch(() => ({}))]);
  const checked = checkWith(VAuthRedirectAnswer, body);
  broadcastSessionChange("signout");
  // The page it lands on opens no dialog nobody asked for (components/dialogs/unasked-gate.ts).
  markSignedOut();
  window.location.href = safeRedirectPath((checked.ok ? checked.value.url : undefined) ?? callbackUrl, window.location.origin);
}

export function SessionProvider({
  children,
  refetchInterval = 0,
  refetchWhenOffline = false,
}: {
  children: ReactNode;
  /** Seconds between polls; 0 turns polling off. */
  refetchInterval?: number;
  /** Poll even while the browser says it is offline (next-auth's refetchWhenOffline). */
  refetchWhenOffline?: boolean;
}) {
  const [data, setData] = useState<SessionData | null>(null);
  const [status, setStatus] = useState<SessionStatus>("loading");
  const inFlight = useRef<Promise<SessionData | null> | null>(null);
  /** The read started last, whose answer is the one to show. */
  const newest = useRef<Promise<SessionData | null> | null>(null);

  const apply = useCallback((session: SessionData | null) => {
    setData(session);
    setStatus(session ? "authenticated" : "unauthenticated");
    return session;
  }, []);

  /**
   * Reads the session, joining a read already in flight unless `fresh`. Only the newest read's
   * answer is applied, whatever order the answers arrive in: one asked before a change (a
   * redemption) must not overwrite one asked after it.
   */
  const load = useCallback(
    async (fresh = false): Promise<SessionData | null> => {
      if (fresh || !inFlight.current) {
        const started = fetchSession();
        inFlight.current = newest.current = started;
        void started.finally(() => {
          if (inFlight.current === started) inFlight.current = null;
        });
      }
      let read = inFlight.current!;
      let session = await read;
      while (newest.current !== read) {
        read = newest.current!;
        session = await read;
      }
      return apply(session);
    },
    [apply],
  );

  const update = useCallback(
    async (patch?: Record<string, unknown>) => {
      if (!patch) return load(true);
      try {
        const csrfToken = await getCsrfToken();
        const response = await fetch(`${AUTH_BASE}/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ csrfToken, data: patch }),
          credentials: "same-origin",
        });
        if (!response.ok) throw new Error(`session update ${response.status}`);
        const session = await sessionIn(response.json());
        broadcastSessionChange("getSession");
        return apply(session);
      } catch (error) {
        void logClientError("CLIENT_SESSION_ERROR", error);
        return load();
      }
    },
    [apply, load],
  );

  useEffect(() => {
    void load();
    const onStorage = (event: StorageEvent) => {
      if (event.key === BROADCAST_KEY) void load();
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void load();
    };
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisibility);
    // A claim, a redemption or a seen grading changed the balance the answer carries.
    const unsubscribeBalance = onBalanceChanged(() => void load(true));
    const timer =
      refetchInterval > 0
        ? setInterval(() => {
            if (refetchWhenOffline || navigator.onLine) void load();
          }, refetchInterval * 1000)
        : undefined;
    return () => {
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisibility);
      unsubscribeBalance();
      if (timer) clearInterval(timer);
    };
  }, [load, refetchInterval, refetchWhenOffline]);

  const value = useMemo(() => ({ data, status, update }), [data, status, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
