import Link from "@/components/ui/link";
import { Swords } from "lucide-react";
import { buttonClass } from "@/components/ui/button";

/** "Challenge a friend" for a pack that is still open (for the pack page): leads to the head-to-head form. */
export function ChallengeLink({ packURL, opponent }: { packURL: string; opponent?: string }) {
  const query = new URLSearchParams({ pack: packURL, ...(opponent ? { opponent } : {}) });
  return (
    <Link href={`/h2h/new?${query}`} className={buttonClass("secondary")}>
      <Swords size={16} aria-hidden="true" /> Challenge a friend
    </Link>
  );
}
