import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import Link from "@/components/ui/link";
import { CursorPager } from "@/components/groups/cursor-pager";
import { getGroupRivalsPage } from "@/server/groups/group-recap-and-rivals";
import { formatWonLostTied, hasPlayed } from "@/domain/rivals";
import { loadGroupPage } from "../load-group";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your rivals in the group" };

type Params = Promise<{ groupId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * `/groups/{groupId}/rivals`: the viewer's lifetime record against each member, a page of members
 * at a time (docs/decisions/069-rivals-and-the-ai-player.md: graded packs both played, more points
 * wins; settled head-to-heads apart), with a link to each member's profile for a rematch. Members only.
 */
export default async function GroupRivalsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { groupId } = await params;
  const { viewer, group } = await loadGroupPage(groupId);
  if (!viewer || !group) redirect(`/login?redirect=${encodeURIComponent(`/groups/${groupId}/rivals`)}`);
  if (group.hiddenAt) notFound();
  const raw = (await searchParams).after;
  const cursor = typeof raw === "string" && /^[A-Za-z0-9_-]{1,400}$/.test(raw) ? raw : undefined;
  const members = await getGroupRivalsPage({ groupId: group.id, viewerProfileId: viewer.profileId, cursor });
  const others = members.items;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <Link href={`/groups/${group.id}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
          ← {group.name}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight">You against the group</h1>
        <p className="text-sm text-muted">Won–lost–tied on graded packs you both played, and in head-to-head challenges.</p>
      </div>
      {others.length === 0 ? (
        <p className="rounded-2xl bg-surface p-6 text-center text-muted shadow-sm">No one else here yet: share the invite link.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {others.map((member) => {
            const record = member.record;
            return (
              <li
                key={member.profileId}
                className="flex items-center justify-between gap-3 rounded-2xl bg-surface p-3 shadow-sm ring-1 ring-line"
              >
                <Link
                  href={`/profile/${encodeURIComponent(member.handle)}`}
                  className="min-h-11 truncate font-semibold text-accent hover:underline"
                >
                  @{member.handle}
                </Link>
                <span className="shrink-0 text-right text-sm" data-testid="rival-record">
                  {record && hasPlayed(record.packs) ? `Packs ${formatWonLostTied(record.packs)}` : "No pack together yet"}
                  {record && hasPlayed(record.h2h) ? ` · H2H ${formatWonLostTied(record.h2h)}` : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <CursorPager
        label="Member pages"
        first={cursor ? `/groups/${group.id}/rivals` : null}
        next={members.nextCursor ? `/groups/${group.id}/rivals?after=${members.nextCursor}` : null}
        firstText="First members"
        nextText="More members"
      />
    </div>
  );
}
