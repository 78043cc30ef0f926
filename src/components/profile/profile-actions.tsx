"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Check, Copy } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";
import { useSignOut } from "@/components/shell/use-sign-out";
import { useToast } from "@/components/ui/toast";

/** The owner's "Log Out" on their profile: signs out to `/?logout=1`. */
export function LogOutButton() {
  const signOutHome = useSignOut("/?logout=1");
  return (
    <Button variant="secondary" onClick={signOutHome}>
      Log Out
    </Button>
  );
}

/** The owner's "Points" tile: a button that opens the points dialog. */
export function PointsTileButton({ points, children }: { points: number; children: React.ReactNode }) {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      onClick={() => void openModal("points", { points })}
      className="block h-full w-full rounded-2xl bg-surface p-4 text-left shadow-sm transition-shadow hover:shadow-md"
    >
      {children}
    </button>
  );
}

/** "Change username" in the owner's settings (changeUsername dialog); the page reloads under the new handle. */
export function ChangeUsernameButton({ handle }: { handle: string }) {
  const { openModal } = useModal();
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        const username = await openModal("changeUsername");
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose, as the doc comment says: the page reloads under the new handle
        if (username && username !== handle) window.location.assign(`/profile/${encodeURIComponent(username)}`);
      }}
    >
      Change username
    </Button>
  );
}

/**
 * "Delete account" at the foot of the owner's profile (decision 057): opens the dialog that says
 * what happens and asks for the username. An admin is told why they cannot, instead of a button.
 */
export function DeleteAccountButton({ handle, isAdmin }: { handle: string; isAdmin: boolean }) {
  const { openModal } = useModal();
  if (isAdmin) {
    return (
      <p className="text-sm text-muted">Admin accounts cannot be deleted here. Ask the operator to take away your admin rights first.</p>
    );
  }
  return (
    <Button variant="danger" onClick={() => void openModal("deleteAccount", { handle })}>
      Delete account
    </Button>
  );
}

/**
 * The owner's way to choose or change their favourite team (the favoriteTeam picker, which also
 * follows it); the profile shows the new team once it is saved.
 */
export function FavoriteTeamButton({ hasTeam }: { hasTeam: boolean }) {
  const { openModal } = useModal();
  const router = useRouter();
  return (
    <button
      type="button"
      aria-label={hasTeam ? "Change favorite team" : "Choose your favorite team"}
      className="ml-2 inline-flex min-h-11 items-center font-semibold text-accent hover:underline"
      onClick={async () => {
        if (await openModal("favoriteTeam", {})) router.refresh();
      }}
    >
      {hasTeam ? "Change" : "Choose your team"}
    </button>
  );
}

/** Copies an exchange's code; "Copied" for a moment and a toast. */
export function CopyCodeButton({ code }: { code: string }) {
  const { showToast } = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant="secondary"
      className="!min-h-9 px-3"
      aria-label={`Copy code ${code}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(code);
          setCopied(true);
          showToast("Copied to clipboard");
          timer.current = setTimeout(() => setCopied(false), 1200);
        } catch {
          showToast("Could not copy", "error");
        }
      }}
    >
      {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}
