import Link from "@/components/ui/link";
import { Swords } from "@/components/ui/plain-icons";
import { buttonClass } from "@/components/ui/button";

/**
 * "Challenge a friend" (or "Challenge @{opponent}") for a pack that is still
 * open: a plain link to the head-to-head form, server-rendered so it adds no
 * JavaScript to the page (the pack page's budget, docs/decisions/023-load-budget.md).
 * `target="_top"` leaves a frame (the receipt dialog's) for the whole window.
 */
export function ChallengeLink({ packURL, opponent, target }: { packURL: string; opponent?: string; target?: "_top" }) {
  const query = new URLSearchParams({ pack: packURL, ...(opponent ? { opponent } : {}) });
  return (
    <Link href={`/h2h/new?${query}`} target={target} className={buttonClass("secondary")}>
      <Swords size={16} aria-hidden="true" /> {opponent ? `Challenge @${opponent}` : "Challenge a friend"}
    </Link>
  );
}
