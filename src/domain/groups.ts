// Groups' limits and rules (docs/decisions/066-groups.md): every list bounded, a player in at most
// 100 groups, a group up to 10,000 members (the database checks the count too).
export const GROUP_LIMITS = {
  groupsPerPlayer: 100,
  membersPerGroup: 10_000,
  createsPerHour: 10,
  nameLength: 40,
} as const;

/** Pages of groups lists: "my groups" and the members list. */
export const GROUPS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 20;
/**
 * Board rows on the group page (a phone's screenful or two; "Next" pages on). Most groups fit on
 * one page; the board API keeps the main board's pages of 50 (docs/decisions/066-groups.md).
 */
export const GROUP_PAGE_BOARD_ROWS = 25;

/** The group board's tabs: a pack, or the same periods as the main board (src/domain/leaderboard-scope.ts). */
export const GROUP_BOARD_TABS = ["pack", "week", "season", "all"] as const;
export type GroupBoardTab = (typeof GROUP_BOARD_TABS)[number];

/** "3 of 8 still to pick": members without a receipt for the pack. */
export function stillToPickText(submitted: number, members: number): string {
  const left = Math.max(0, members - submitted);
  return left === 0 ? "Everyone has picked" : `${left.toLocaleString("en-US")} of ${members.toLocaleString("en-US")} still to pick`;
}
