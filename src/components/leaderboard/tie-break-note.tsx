import { BOARD_TIE_BREAK } from "@/domain/house-rules";

/**
 * "How ties are broken": the written order (src/domain/house-rules.ts) under a board or beside a pack
 * winner, as a closed disclosure. Server-rendered text in a native <details>: no script on the page.
 */
export function TieBreakNote({ order = BOARD_TIE_BREAK, label = "How ties are broken" }: { order?: readonly string[]; label?: string }) {
  return (
    <details className="group mt-2 text-sm text-muted" data-testid="tie-break-note">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        {/* Lucide's chevron-right drawn inline: importing the icon module here put every plain icon into the
            leaderboard's first-load JavaScript (its error boundary's chunk holds them), 1.35 kB over budget. */}
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="transition-transform group-open:rotate-90"
        >
          <path d="m9 18 6-6-6-6" />
        </svg>
        {label}
      </summary>
      <ol className="list-decimal space-y-0.5 pb-2 pl-9">
        {order.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </details>
  );
}
