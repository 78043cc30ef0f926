import type { Metadata } from "next";
import { cache } from "react";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { GroupPicture } from "@/components/groups/group-picture";
import { JoinGroupButton } from "@/components/groups/join-group-button";
import { readPageSession } from "@/server/auth/read-page-session";
import { getGroupByInvite } from "@/server/groups/group-reads";
import { groupPictureUrl } from "@/server/groups/group-picture";
import { shareCardMetadata } from "@/server/cards/share-card-metadata";
import { countOf } from "@/domain/plural";

export const dynamic = "force-dynamic";

type Params = Promise<{ token: string }>;

const loadInvite = cache(async (token: string) => {
  const viewer = await readPageSession();
  const group = await getGroupByInvite({ token, viewerProfileId: viewer?.profileId ?? null });
  return { viewer, group: group && !group.hiddenAt ? group : null };
});

/**
 * The invite's card in a chat (Open Graph and Twitter): the group's share card
 * (`/api/cards/group/{token}?v=…`, docs/decisions/067-share-cards.md), 1200×630. A link that no
 * longer works gets no card.
 */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { token } = await params;
  const { group } = await loadInvite(token);
  if (!group) return { title: "Group invite" };
  const title = `Join ${group.name}`;
  const description = `${countOf(group.memberCount, "member")} playing Takes together. Owner: @${group.ownerHandle}.`;
  return { title, description, ...(await shareCardMetadata("group", token, { title, description })) };
}

/**
 * `/groups/join/{token}` (docs/decisions/066-groups.md): the group an invite opens, with Join; a
 * signed-out visitor signs in and comes back here; a rotated token or a hidden group says the link
 * no longer works.
 */
export default async function JoinGroupPage({ params }: { params: Params }) {
  const { token } = await params;
  const { viewer, group } = await loadInvite(token);
  if (!group) {
    return (
      <div className="mx-auto max-w-md rounded-2xl bg-surface p-6 text-center shadow-sm">
        <h1 className="text-2xl font-extrabold">This invite link no longer works</h1>
        <p className="mt-2 text-muted">
          The group may have a new link, or the league may have hidden it. Ask whoever sent it for a new one.
        </p>
        <Link href="/groups" className="mt-4 inline-flex min-h-11 items-center font-semibold text-accent hover:underline">
          Your groups
        </Link>
      </div>
    );
  }
  const here = `/groups/join/${token}`;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl bg-surface p-6 text-center shadow-sm">
      <GroupPicture src={groupPictureUrl(group)} size="lg" />
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">You&apos;re invited to</p>
        <h1 className="break-words text-2xl font-extrabold">{group.name}</h1>
        <p className="mt-1 text-sm text-muted">
          {countOf(group.memberCount, "member")} · Owner @{group.ownerHandle}
        </p>
      </div>
      <p className="text-sm">Make your picks on each pack and see how you stack up on the group&apos;s own board.</p>
      {group.role ? (
        <Link href={`/groups/${group.id}`} className={buttonClass("primary", "w-full sm:w-auto")}>
          You&apos;re in: open the group
        </Link>
      ) : viewer ? (
        <JoinGroupButton token={token} />
      ) : (
        <Link href={`/login?redirect=${encodeURIComponent(here)}`} className={buttonClass("primary", "w-full sm:w-auto")}>
          Log in to join
        </Link>
      )}
    </div>
  );
}
