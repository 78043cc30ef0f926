import type { GroupView } from "@/server/groups/group-reads";

// ─────────────────────────────────────────────────────────────────────────────────────────────
// INTEGRATOR SLOTS (issue 42 items 3 and 4, docs/decisions/066-groups.md "What others add"):
// the group page renders these two sections between the open packs and the board. They draw
// nothing until the weekly recap and the rival records are wired here; both read the group's
// members through groupMembersSql(group.id) (src/server/groups/group-reads.ts).
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** "This week": the group's weekly recap (best pick, worst beat, movers). Slot: renders nothing yet. */
export function GroupThisWeekSection(_props: { group: GroupView; viewerProfileId: string }) {
  return null;
}

/** "Rivals": the viewer's lifetime record against each member. Slot: renders nothing yet. */
export function GroupRivalsSection(_props: { group: GroupView; viewerProfileId: string }) {
  return null;
}
