import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import Link from "@/components/ui/link";
import { CursorPager } from "@/components/groups/cursor-pager";
import { getGroupPackPicks } from "@/server/groups/group-picks";
import { AppError } from "@/server/http/app-error";
import { loadGroupPage } from "../../load-group";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Group picks" };

type Params = Promise<{ groupId: string; packURL: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * `/groups/{groupId}/packs/{packURL}`: each member's pick on each prop, shown only once that prop
 * has locked (the server never reads a pick before: src/server/groups/group-picks.ts); before,
 * "Picks show at lock". Members only (docs/decisions/066-groups.md).
 */
export default async function GroupPicksPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { groupId, packURL } = await params;
  const { viewer, group } = await loadGroupPage(groupId);
  if (!viewer || !group) redirect(`/login?redirect=${encodeURIComponent(`/groups/${groupId}/packs/${packURL}`)}`);
  if (group.hiddenAt) notFound();
  const raw = (await searchParams).after;
  const cursor = typeof raw === "string" && /^[A-Za-z0-9_-]{1,400}$/.test(raw) ? raw : undefined;
  const picks = await getGroupPackPicks({ groupId: group.id, packURL, cursor }).catch((error: unknown) => {
    if (error instanceof AppError && error.status < 500) notFound();
    throw error;
  });
  const anyLocked = picks.props.some((prop) => prop.locked);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <Link href={`/groups/${group.id}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
          ← {group.name}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight">{picks.pack.title}</h1>
        <p className="text-sm text-muted">The group&apos;s picks. Each prop&apos;s picks show once it locks.</p>
      </div>
      {!anyLocked ? (
        <p className="rounded-2xl bg-accent-tint p-4 text-center font-semibold" role="status">
          Picks show at lock
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {picks.members.map((member) => (
          <li key={member.profileId} className="rounded-2xl bg-surface p-3 shadow-sm ring-1 ring-line" data-handle={member.handle}>
            <h2 className="font-bold">@{member.handle}</h2>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
              {picks.props.map((prop, index) => {
                const pick = member.picks[index];
                return (
                  <div key={prop.id} className="contents">
                    <dt className="truncate text-muted">{prop.shortLabel}</dt>
                    <dd className="text-right font-semibold">
                      {pick === null ? (
                        <span className="font-normal text-muted">Picks show at lock</span>
                      ) : pick === "none" ? (
                        <span className="font-normal text-muted">No pick</span>
                      ) : pick === "A" ? (
                        prop.sideA
                      ) : (
                        prop.sideB
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
      <CursorPager
        label="Member pages"
        first={cursor ? `/groups/${group.id}/packs/${picks.pack.packURL}` : null}
        next={picks.nextCursor ? `/groups/${group.id}/packs/${picks.pack.packURL}?after=${picks.nextCursor}` : null}
        firstText="First members"
        nextText="More members"
      />
    </div>
  );
}
