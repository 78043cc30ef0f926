import Link from "@/components/ui/link";
import type { GroupView } from "@/server/groups/group-reads";

/**
 * The group's "This week" recap and the viewer's rival records against members
 * (docs/decisions/066-groups.md "What others add"): each on a page of its own
 * (`/groups/{id}/week`, `/groups/{id}/rivals`), so the group page stays page-sized for a group
 * of thousands (bench/season) while the recap reads the week's takes of every member.
 */
export function GroupMoreLinks({ group }: { group: GroupView }) {
  const linkClass =
    "inline-flex min-h-11 items-center justify-center rounded-full bg-surface px-4 text-sm font-bold text-accent shadow-sm ring-1 ring-line hover:bg-accent-tint";
  return (
    <nav aria-label="More about the group" className="flex flex-wrap gap-2">
      <Link href={`/groups/${group.id}/week`} className={linkClass}>
        This week in the group
      </Link>
      <Link href={`/groups/${group.id}/rivals`} className={linkClass}>
        You against each member
      </Link>
    </nav>
  );
}
