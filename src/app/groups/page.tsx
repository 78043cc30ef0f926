import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { CursorPager } from "@/components/groups/cursor-pager";
import { CreateGroupForm } from "@/components/groups/create-group-form";
import { GroupPicture } from "@/components/groups/group-picture";
import { readPageSession } from "@/server/auth/read-page-session";
import { listMyGroups } from "@/server/groups/group-reads";
import { groupPictureUrl } from "@/server/groups/group-picture";
import { countOf } from "@/domain/plural";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Groups" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `/groups`: the signed-in player's groups, newest joined first, keyset paged, and the form to start one (docs/decisions/066-groups.md). */
export default async function GroupsPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await readPageSession();
  const raw = (await searchParams).after;
  const cursor = typeof raw === "string" && /^[A-Za-z0-9_-]{1,400}$/.test(raw) ? raw : undefined;
  const page = viewer ? await listMyGroups({ profileId: viewer.profileId, cursor }).catch(() => ({ items: [], nextCursor: null })) : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Groups</h1>
        <p className="mt-1 text-muted">
          Play with your own people: your group&apos;s board, who still has to pick, and everyone&apos;s picks once they lock.
        </p>
      </div>
      {!viewer || !page ? (
        <p className="rounded-2xl bg-surface p-6 text-center shadow-sm">
          <Link href="/login?redirect=%2Fgroups" className="font-semibold text-accent hover:underline">
            Log in
          </Link>{" "}
          to see your groups or start one.
        </p>
      ) : (
        <>
          <section aria-labelledby="my-groups" className="flex flex-col gap-2">
            <h2 id="my-groups" className="text-lg font-extrabold">
              Your groups
            </h2>
            {page.items.length === 0 ? (
              <p className="rounded-2xl bg-surface p-6 text-center text-muted shadow-sm">
                {cursor ? "No more groups." : "You are not in a group yet. Start one below, or open a friend's invite link."}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {page.items.map((group) => (
                  <li key={group.id} className="relative flex items-center gap-3 rounded-2xl bg-surface p-3 shadow-sm ring-1 ring-line">
                    <GroupPicture src={groupPictureUrl(group)} size="sm" />
                    <div className="min-w-0">
                      <Link href={`/groups/${group.id}`} className="block truncate font-bold after:absolute after:inset-0 hover:underline">
                        {group.name}
                      </Link>
                      <p className="text-sm text-muted">
                        {countOf(group.memberCount, "member")}
                        {group.role === "owner" ? " · You own it" : ""}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <CursorPager
              label="Pages"
              first={cursor ? "/groups" : null}
              next={page.nextCursor ? `/groups?after=${page.nextCursor}` : null}
              firstText="First page"
              nextText="More groups"
            />
          </section>
          <CreateGroupForm />
        </>
      )}
    </div>
  );
}
