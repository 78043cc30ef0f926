"use client";

import { useModal } from "@/components/dialogs/modal-context";

/** A taker's name on a closed pack's leaderboard: opens their takes for that pack (userTakes dialog). */
export function UserTakesButton({ handle, packURL }: { handle: string; packURL: string }) {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      onClick={() => void openModal("userTakes", { profileID: handle, packURL })}
      className="min-h-11 min-w-0 truncate font-semibold text-accent hover:underline"
    >
      @{handle}
    </button>
  );
}
