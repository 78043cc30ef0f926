import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "@/components/ui/link";
import { AchievementsSection } from "@/components/achievements/achievements-section";
import { readPageSession } from "@/server/auth/read-page-session";
import { getProfileAchievements } from "@/server/achievements/get-profile-achievements";
import { findProfileByHandle } from "@/server/profiles/find-profile-by-handle";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Streaks and badges" };

type Params = Promise<{ profileID: string }>;

/**
 * `/profile/{handle}/badges` (docs/SCREENS.md §2.11, docs/decisions/068-streaks-badges-recaps.md):
 * the player's streaks, badges (earned first, then the locked ones with how to earn them) and
 * weekly recap, computed from their current takes on every read; the owner's new badges are
 * celebrated here once.
 */
export default async function ProfileBadgesPage({ params }: { params: Params }) {
  const handle = decodeURIComponent((await params).profileID);
  const [session, found] = await Promise.all([readPageSession(), findProfileByHandle({ handleOrId: handle })]);
  if (!found) notFound();
  const isOwner = session?.profileId === found.id;
  const achievements = await getProfileAchievements({ profileId: found.id, viewerIsOwner: isOwner }).catch(() => null);
  return (
    <div className="mx-auto max-w-4xl">
      <Link
        href={`/profile/${encodeURIComponent(found.handle)}`}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline"
      >
        ← @{found.handle}
      </Link>
      <h1 className="text-2xl font-extrabold tracking-tight">
        {isOwner ? "Your streaks and badges" : `@${found.handle}'s streaks and badges`}
      </h1>
      {achievements ? (
        <AchievementsSection data={achievements} isOwner={isOwner} />
      ) : (
        <p className="mt-8 rounded-2xl bg-surface p-6 text-center text-muted shadow-sm">
          Streaks and badges could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}
