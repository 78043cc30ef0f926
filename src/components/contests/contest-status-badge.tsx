import { CONTEST_STATUS_LABELS, type ContestStatus } from "@/domain/contest-status";

const STYLES: Record<ContestStatus, string> = {
  open: "bg-accent-tint text-accent-strong",
  "coming-up": "ring-1 ring-line text-ink",
  closed: "bg-page text-muted ring-1 ring-line",
  graded: "bg-ink text-surface",
  draft: "bg-push-tint text-push",
};

/** "Open", "Coming Up", "Closed", "Graded" (and "Draft" for admins). */
export function ContestStatusBadge({ status }: { status: ContestStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide ${STYLES[status]}`}>
      {CONTEST_STATUS_LABELS[status]}
    </span>
  );
}
