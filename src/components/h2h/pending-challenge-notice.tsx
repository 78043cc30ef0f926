"use client";

import { CloseButton } from "@/components/ui/close-button";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { Swords } from "lucide-react";
import { useSession } from "@/components/shell/session";
import { apiFetch } from "@/components/api/api-fetch";
import type { PendingChallenge } from "@/domain/schemas/play";

/** The feeds, where a player lands on a visit; not the pack page, whose deck owns the bottom of a phone's screen. */
const SHOWN_ON = new Set(["/", "/packs"]);
const DISMISSED_KEY = "h2hNoticeDismissed";

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Tells a challenged player about a head-to-head waiting for their answer, on
 * their next visit to the feed: a small banner linking to it, dismissible
 * (remembered in this browser). Asked for by the browser after the page is up
 * (loaded lazily by ShellExtras), never rendered into the shared copy of the
 * feed (docs/decisions/025-shared-page-cache.md). Loading, nothing pending and
 * a failed request all show nothing: the challenge stays on /h2h and in the text.
 */
export function PendingChallengeNotice() {
  const pathname = usePathname() ?? "/";
  const { data: session, status } = useSession();
  const profileId = status === "authenticated" ? session?.user.id : undefined;
  const onFeed = SHOWN_ON.has(pathname);
  const [pending, setPending] = useState<PendingChallenge[]>([]);
  const [dismissed, setDismissed] = useState<string[]>([]);

  useEffect(() => {
    if (!profileId || !onFeed) return;
    let live = true;
    setDismissed(readDismissed());
    // The answer's schema (and valibot with it) loads beside the request, not with the shell.
    apiFetch("/api/h2h/pending", { schema: () => import("@/domain/schemas/play").then((m) => m.VPendingChallengesAnswer) })
      .then((answer) => {
        if (live && answer.ok) setPending(answer.data.challenges);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [profileId, onFeed]);

  const waiting = pending.filter((challenge) => !dismissed.includes(challenge.id));
  const first = waiting[0];
  if (!profileId || !onFeed || !first) return null;

  const dismiss = () => {
    // Only ids still pending are kept, so the list cannot grow for ever.
    const next = [...new Set([...dismissed.filter((id) => pending.some((c) => c.id === id)), ...waiting.map((c) => c.id)])];
    setDismissed(next);
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Private mode: dismissed for this page view only.
    }
  };

  return (
    <aside
      aria-label="Head-to-head challenge"
      data-testid="pending-challenge-notice"
      className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-md items-start gap-3 rounded-2xl bg-surface p-3 shadow-lg ring-2 ring-accent"
    >
      <Swords size={20} aria-hidden="true" className="mt-2.5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1" role="status">
        <p className="break-words font-semibold">
          @{first.challengerHandle} challenged you on {first.packTitle}
          {waiting.length > 1 ? ` (and ${waiting.length - 1} more)` : ""}
        </p>
        <p className="flex flex-wrap gap-x-4">
          <Link
            href={`/h2h/${first.id}`}
            onClick={dismiss}
            className="inline-flex min-h-11 items-center font-bold text-accent hover:underline"
          >
            See the challenge
          </Link>
          {waiting.length > 1 ? (
            <Link href="/h2h" onClick={dismiss} className="inline-flex min-h-11 items-center font-semibold text-accent hover:underline">
              All challenges
            </Link>
          ) : null}
        </p>
      </div>
      <CloseButton
        label="Dismiss challenge notice"
        onClick={dismiss}
        size={18}
        className="-mr-1 shrink-0 text-muted hover:bg-page hover:text-ink"
      />
    </aside>
  );
}
