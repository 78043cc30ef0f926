import type { Metadata } from "next";
import { redirect } from "next/navigation";
import Link from "@/components/ui/link";
import { CursorPager } from "@/components/groups/cursor-pager";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { CopyInvite } from "@/components/groups/copy-invite";
import { GroupAction } from "@/components/groups/group-action";
import { GroupPicture } from "@/components/groups/group-picture";
import { getGroupBoardPage, groupBoardScope, listGroupMembers, listGroupOpenPacks, type GroupView } from "@/server/groups/group-reads";
import { groupPictureUrl } from "@/server/groups/group-picture";
import { inviteUrl } from "@/server/groups/site-url";
import { inviteQrSvg } from "@/server/groups/invite-qr";
import { GROUP_BOARD_TABS, GROUP_PAGE_BOARD_ROWS, stillToPickText, type GroupBoardTab } from "@/domain/groups";
import { svgDataUrl } from "@/domain/qr";
import { countOf } from "@/domain/plural";
import { GroupMoreLinks } from "./group-sections";
import { loadGroupPage } from "./load-group";

export const dynamic = "force-dynamic";

type Params = Promise<{ groupId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TAB_LABELS: Record<GroupBoardTab, string> = { pack: "Pack", week: "This week", season: "Season", all: "All time" };
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const cursorOf = (value: string | string[] | undefined) => {
  const text = one(value);
  return text && /^[A-Za-z0-9_-]{1,400}$/.test(text) ? text : undefined;
};

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { group } = await loadGroupPage((await params).groupId);
  return { title: group && !group.hiddenAt ? group.name : "Group" };
}

function boardHref(groupId: string, query: { tab: GroupBoardTab; pack?: string | null; after?: string }) {
  const search = new URLSearchParams({ tab: query.tab });
  if (query.tab === "pack" && query.pack) search.set("pack", query.pack);
  if (query.after) search.set("after", query.after);
  return `/groups/${groupId}?${search.toString()}#board`;
}

/**
 * `/groups/{groupId}` (docs/decisions/066-groups.md): the group's header and invite link (with a QR
 * drawn on the server: no script), its open packs and who still has to pick, the board by pack,
 * week, season and all time with the main board's rows and ranks, the members (owner tools behind
 * confirmations) and Leave. Members only: anyone else gets the 404 page.
 */
export default async function GroupPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { groupId } = await params;
  const query = await searchParams;
  const { viewer, group } = await loadGroupPage(groupId);
  if (!viewer || !group) redirect(`/login?redirect=${encodeURIComponent(`/groups/${groupId}`)}`);
  if (group.hiddenAt) return <HiddenGroup />;

  const tab = GROUP_BOARD_TABS.find((t) => t === one(query.tab)) ?? "week";
  const boardScope = await groupBoardScope({ tab, packURL: one(query.pack) ?? null }).catch(() => ({
    scope: null,
    packURL: null,
    packTitle: null,
  }));
  const [openPacks, board, members, qr] = await Promise.all([
    listGroupOpenPacks({ groupId: group.id }),
    boardScope.scope
      ? getGroupBoardPage({
          groupId: group.id,
          scope: boardScope.scope,
          viewerProfileId: viewer.profileId,
          cursor: cursorOf(query.after),
          pageSize: GROUP_PAGE_BOARD_ROWS,
        }).catch(() => null)
      : null,
    listGroupMembers({ groupId: group.id, cursor: cursorOf(query.members) }).catch(() => ({ items: [], nextCursor: null })),
    inviteQrSvg(inviteUrl(group.inviteToken)),
  ]);
  const isOwner = group.role === "owner";
  const invite = inviteUrl(group.inviteToken);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex items-center gap-4">
        <GroupPicture src={groupPictureUrl(group)} size="lg" />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-extrabold tracking-tight sm:text-3xl">{group.name}</h1>
          <p className="text-sm text-muted">
            {countOf(group.memberCount, "member")} · Owner @{group.ownerHandle}
          </p>
        </div>
      </header>

      <section aria-labelledby="invite" className="flex flex-col gap-2 rounded-2xl bg-accent-tint p-4">
        <h2 id="invite" className="font-extrabold">
          Invite friends
        </h2>
        <p className="break-all rounded-xl bg-surface px-3 py-2 text-sm" data-testid="invite-url">
          {invite}
        </p>
        <div className="flex flex-wrap items-start gap-2">
          <CopyInvite url={invite} />
          {isOwner ? (
            <GroupAction
              url={`/api/groups/${group.id}/invite`}
              label="New link"
              confirm="The old link will stop working."
              yes="Make a new link"
            />
          ) : null}
        </div>
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-accent">Show QR code</summary>
          {/* eslint-disable-next-line @next/next/no-img-element -- a QR drawn on the server as a data URL */}
          <img
            src={svgDataUrl(qr)}
            alt={`QR code for the invite link to ${group.name}`}
            className="mt-2 aspect-square w-full max-w-60 rounded-xl bg-white p-2"
          />
        </details>
      </section>

      <section aria-labelledby="open-packs" className="flex flex-col gap-2">
        <h2 id="open-packs" className="text-lg font-extrabold">
          Open packs
        </h2>
        {openPacks.length === 0 ? (
          <p className="rounded-2xl bg-surface p-6 text-center text-muted shadow-sm">No pack is open right now. The next one shows here.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {openPacks.map((pack) => (
              <li
                key={pack.packURL}
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-surface p-3 shadow-sm ring-1 ring-line"
              >
                <div className="min-w-0">
                  <Link href={`/packs/${pack.packURL}`} className="font-bold hover:underline">
                    {pack.title}
                  </Link>
                  <p className="text-sm text-muted" data-testid="still-to-pick">
                    {stillToPickText(pack.submitted, group.memberCount)}
                  </p>
                </div>
                <Link
                  href={`/groups/${group.id}/packs/${pack.packURL}`}
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline"
                >
                  Group picks
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <GroupMoreLinks group={group} />

      <section aria-labelledby="board" id="board" className="flex flex-col gap-3">
        <h2 id="board-title" className="sr-only">
          Group board
        </h2>
        <nav aria-label="Board period">
          <ul className="flex rounded-full bg-surface p-1 shadow-sm">
            {GROUP_BOARD_TABS.map((option) => (
              <li key={option} className="flex-1">
                <Link
                  href={boardHref(group.id, { tab: option, pack: boardScope.packURL })}
                  aria-current={option === tab ? "page" : undefined}
                  className={`flex min-h-11 items-center justify-center whitespace-nowrap rounded-full px-2 text-sm font-bold ${
                    option === tab ? "bg-accent text-white" : "text-ink hover:bg-page"
                  }`}
                >
                  {TAB_LABELS[option]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {tab === "pack" && boardScope.packURL ? (
          <p className="text-sm text-muted">
            Pack:{" "}
            <Link href={`/packs/${boardScope.packURL}`} className="font-semibold text-accent hover:underline">
              {boardScope.packTitle}
            </Link>{" "}
            ·{" "}
            <Link href={`/groups/${group.id}/packs/${boardScope.packURL}`} className="font-semibold text-accent hover:underline">
              Group picks
            </Link>
          </p>
        ) : null}
        {!board || board.items.length === 0 ? (
          <p className="rounded-2xl bg-surface p-8 text-center text-muted shadow-sm">
            No one in the group has scored here yet. The board fills in as props are graded.
          </p>
        ) : (
          <LeaderboardTable rows={board.items} me={board.me} caption={`${group.name}: ${TAB_LABELS[tab]} board`} />
        )}
        {board?.nextCursor ? (
          <Link
            href={boardHref(group.id, { tab, pack: boardScope.packURL, after: board.nextCursor })}
            className="inline-flex min-h-11 items-center self-end font-semibold text-accent hover:underline"
          >
            Next page
          </Link>
        ) : null}
      </section>

      <MembersSection
        group={group}
        members={members}
        isOwner={isOwner}
        viewerProfileId={viewer.profileId}
        after={cursorOf(query.members)}
      />

      <section aria-label="Leave the group" className="flex justify-end border-t border-line pt-4">
        {isOwner && group.memberCount > 1 ? (
          <p className="text-sm text-muted">To leave, first hand the group over to another member.</p>
        ) : (
          <GroupAction
            url={`/api/groups/${group.id}/leave`}
            label="Leave group"
            confirm={isOwner ? "You are the only member: the group will be deleted." : `Leave ${group.name}?`}
            yes={isOwner ? "Delete and leave" : "Leave"}
            variant="danger"
            then="/groups"
          />
        )}
      </section>
    </div>
  );
}

function MembersSection({
  group,
  members,
  isOwner,
  viewerProfileId,
  after,
}: {
  group: GroupView;
  members: Awaited<ReturnType<typeof listGroupMembers>>;
  isOwner: boolean;
  viewerProfileId: string;
  after?: string;
}) {
  return (
    <section aria-labelledby="members" className="flex flex-col gap-2">
      <h2 id="members" className="text-lg font-extrabold">
        Members
      </h2>
      <ul className="divide-y divide-line rounded-2xl bg-surface shadow-sm">
        {members.items.map((member) => (
          <li key={member.profileId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div className="flex min-w-0 items-center gap-2">
              <Link href={`/profile/${encodeURIComponent(member.handle)}`} className="truncate font-semibold text-accent hover:underline">
                @{member.handle}
              </Link>
              {member.role === "owner" ? <span className="rounded-full bg-page px-2 py-0.5 text-xs font-bold">Owner</span> : null}
              {member.profileId === viewerProfileId ? <span className="text-xs text-muted">(you)</span> : null}
            </div>
            {isOwner && member.profileId !== viewerProfileId ? (
              <div className="flex flex-wrap justify-end gap-2">
                <GroupAction
                  url={`/api/groups/${group.id}/owner`}
                  body={{ profileId: member.profileId }}
                  label="Make owner"
                  confirm={`Hand ${group.name} to @${member.handle}?`}
                  yes="Hand over"
                />
                <GroupAction
                  url={`/api/groups/${group.id}/remove`}
                  body={{ profileId: member.profileId }}
                  label="Remove"
                  confirm={`Remove @${member.handle}?`}
                  yes="Remove"
                  variant="danger"
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <CursorPager
        label="Member pages"
        first={after ? `/groups/${group.id}#members` : null}
        next={members.nextCursor ? `/groups/${group.id}?members=${members.nextCursor}#members` : null}
        firstText="First members"
        nextText="More members"
      />
    </section>
  );
}

function HiddenGroup() {
  return (
    <div className="mx-auto max-w-xl rounded-2xl bg-surface p-6 text-center shadow-sm">
      <h1 className="text-2xl font-extrabold">This group is hidden</h1>
      <p className="mt-2 text-muted">The league hid this group. Its board, members and invite link are no longer available.</p>
      <Link href="/groups" className="mt-4 inline-flex min-h-11 items-center font-semibold text-accent hover:underline">
        Back to your groups
      </Link>
    </div>
  );
}
