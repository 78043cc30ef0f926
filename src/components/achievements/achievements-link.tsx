import Link from "@/components/ui/link";

/**
 * The profile's way to its streaks and badges, which have a page of their own
 * (`/profile/{handle}/badges`, docs/decisions/068-streaks-badges-recaps.md): a card, no read.
 */
export function AchievementsLink({ handle, isOwner }: { handle: string; isOwner: boolean }) {
  return (
    <section aria-labelledby="achievements-link" className="mt-8">
      <h2 id="achievements-link" className="text-xl font-extrabold tracking-tight">
        Streaks and badges
      </h2>
      <Link
        href={`/profile/${encodeURIComponent(handle)}/badges`}
        className="mt-3 flex min-h-11 items-center justify-between gap-3 rounded-2xl bg-surface p-4 font-semibold text-accent shadow-sm hover:bg-accent-tint"
      >
        <span>{isOwner ? "Your streaks and badges" : `@${handle}'s streaks and badges`}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </section>
  );
}
