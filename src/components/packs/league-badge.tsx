export function LeagueBadge({ league, className = "" }: { league: string; className?: string }) {
  return (
    <span className={`rounded-md bg-page px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-muted ring-1 ring-line ${className}`}>
      {league.toUpperCase()}
    </span>
  );
}
