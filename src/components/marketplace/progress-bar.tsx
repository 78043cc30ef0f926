/** A thin bar for how much of a price a balance covers (0–1); its numbers are always shown beside it. */
export function ProgressBar({ value, ready, className = "" }: { value: number; ready: boolean; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <span aria-hidden="true" className={`block h-1.5 w-full overflow-hidden rounded-full bg-line ${className}`}>
      <span
        className={`block h-full rounded-full transition-[width] duration-200 ${ready ? "bg-won" : "bg-accent"}`}
        style={{ width: `${percent}%` }}
      />
    </span>
  );
}
