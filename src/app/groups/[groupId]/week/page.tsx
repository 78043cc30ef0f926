import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import Link from "@/components/ui/link";
import { getGroupWeekRecap } from "@/server/groups/group-recap-and-rivals";
import { formatMediumDate } from "@/domain/time";
import { RecapPick } from "@/components/achievements/achievements-section";
import { loadGroupPage } from "../load-group";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "The group's week" };

type Params = Promise<{ groupId: string }>;

/**
 * `/groups/{groupId}/week`: the group's weekly recap among its members (docs/decisions/068-streaks-badges-recaps.md,
 * docs/decisions/066-groups.md): the best pick, the worst beat and the biggest movers on the week board
 * ranked among members; this week's, or last week's while this one has no graded pick yet. Members only.
 */
export default async function GroupWeekPage({ params }: { params: Params }) {
  const { groupId } = await params;
  const { viewer, group } = await loadGroupPage(groupId);
  if (!viewer || !group) redirect(`/login?redirect=${encodeURIComponent(`/groups/${groupId}/week`)}`);
  if (group.hiddenAt) notFound();
  const recap = await getGroupWeekRecap({ groupId: group.id });
  const isThisWeek = recap.isThisWeek;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <Link href={`/groups/${group.id}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
          ← {group.name}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight">{isThisWeek ? "This week" : "Last week"} in the group</h1>
        <p className="text-sm text-muted">Week of {formatMediumDate(new Date(`${recap.week}T12:00:00Z`))}</p>
      </div>
      <div className="grid gap-3 rounded-2xl bg-surface p-4 shadow-sm sm:grid-cols-2">
        <RecapPick
          label="Best pick"
          icon={null}
          take={recap.bestPick}
          empty="No winning pick yet this week."
          who={recap.bestPick ? `@${recap.bestPick.handle}` : ""}
        />
        <RecapPick
          label="Worst beat"
          icon={null}
          take={recap.worstBeat}
          empty="No losing pick this week."
          who={recap.worstBeat ? `@${recap.worstBeat.handle}` : ""}
        />
      </div>
      <section aria-labelledby="movers" className="rounded-2xl bg-surface p-4 shadow-sm">
        <h2 id="movers" className="text-lg font-extrabold">
          Movers
        </h2>
        {recap.movers.length === 0 ? (
          <p className="mt-1 text-sm text-muted">Nobody in the group is on the week board yet.</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2">
            {recap.movers.map((mover) => (
              <li key={mover.handle} className="flex items-center justify-between gap-3">
                <span className="truncate font-semibold">
                  #{mover.rank} @{mover.handle}
                </span>
                <span className="shrink-0 text-sm text-muted">
                  {mover.move === null
                    ? "new this week"
                    : mover.move === 0
                      ? "same place"
                      : `${mover.move > 0 ? "up" : "down"} ${Math.abs(mover.move)}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
