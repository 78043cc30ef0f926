"use client";

import { Share2 } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { buttonClass, type ButtonVariant } from "@/components/ui/button";

/** Opens shareContest with the contest's absolute link (built in the browser, so it matches the site the user is on). */
export function ShareContestButton({
  contestID,
  title,
  summary,
  label = "Share this contest",
  variant = "secondary",
}: {
  contestID: string;
  title: string;
  summary?: string | null;
  label?: string;
  variant?: ButtonVariant;
}) {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      className={buttonClass(variant)}
      onClick={() => void openModal("shareContest", { url: `${window.location.origin}/contests/${contestID}`, title, summary })}
    >
      <Share2 size={16} aria-hidden="true" /> {label}
    </button>
  );
}
