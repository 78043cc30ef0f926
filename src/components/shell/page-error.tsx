"use client";

import { AlertCircle } from "@/components/ui/plain-icons";
import { UncachedPage } from "@/components/shell/shared-page";
import { Button } from "@/components/ui/button";

/** The error boundary of a player's table page (leaderboard, standings): the title, what failed, and a retry. */
export function PageError({ title, message, reset }: { title: string; message: string; reset: () => void }) {
  return (
    <div className="mx-auto max-w-3xl">
      <UncachedPage />
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <div role="alert" className="mt-10 flex flex-col items-center gap-4 text-center">
        <p className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={18} aria-hidden="true" />
          {message}
        </p>
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
      </div>
    </div>
  );
}
