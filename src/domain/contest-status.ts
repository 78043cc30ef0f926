// A contest's status as players see it. The admin picks a status (docs/SCREENS.md
// §3.3); the clock and the grading of its packs move it forward, never back:
// a contest set to "Coming Up" opens at its start and closes at its end, and
// becomes "Graded" once every one of its packs is graded. "Draft" hides it.

export const CONTEST_STATUSES = ["draft", "coming-up", "open", "closed", "graded"] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
export type PublicContestStatus = Exclude<ContestStatus, "draft">;

export const CONTEST_STATUS_LABELS: Record<ContestStatus, string> = {
  draft: "Draft",
  "coming-up": "Coming Up",
  open: "Open",
  closed: "Closed",
  graded: "Graded",
};

const ORDER: PublicContestStatus[] = ["coming-up", "open", "closed", "graded"];

export interface ContestClock {
  status: ContestStatus;
  startsAt: Date | null;
  endsAt: Date | null;
  packCount: number;
  gradedPackCount: number;
}

/** True once the contest has packs and every one of them is graded: its winner is known. */
export function allContestPacksGraded(contest: Pick<ContestClock, "packCount" | "gradedPackCount">): boolean {
  return contest.packCount > 0 && contest.gradedPackCount >= contest.packCount;
}

/** The status players see at `now`: the later of the admin's choice and what the clock and grading say. */
export function effectiveContestStatus(contest: ContestClock, now: Date): ContestStatus {
  if (contest.status === "draft") return "draft";
  let byClock: PublicContestStatus = "open";
  if (contest.startsAt && now < contest.startsAt) byClock = "coming-up";
  else if (contest.endsAt && now >= contest.endsAt) byClock = "closed";
  if (allContestPacksGraded(contest)) byClock = "graded";
  return ORDER[Math.max(ORDER.indexOf(contest.status), ORDER.indexOf(byClock))]!;
}

/** Public list order (docs/SCREENS.md §2.7): open, coming up, closed, graded. */
export function contestListRank(status: ContestStatus): number {
  return ["open", "coming-up", "closed", "graded", "draft"].indexOf(status);
}

/** URL slug from a title: lower case, dashes, at most 80 characters. */
export function slugifyContestTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "contest";
}
