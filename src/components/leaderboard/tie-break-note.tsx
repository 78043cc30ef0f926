import { BOARD_TIE_BREAK } from "@/domain/house-rules";

/**
 * "How ties are broken": the written order (src/domain/house-rules.ts) under a board or beside a pack
 * winner, as a closed disclosure. Server-rendered text in a native <details>: no script on the page.
 */
export function TieBreakNote({ order = BOARD_TIE_BREAK, label = "How ties are broken" }: { order?: readonly string[]; label?: string }) {
  return (
    <details className="mt-2 text-sm text-muted" data-testid="tie-break-note">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-ink">{label}</summary>
      <ol className="list-decimal space-y-0.5 pb-1 pl-6">
        {order.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </details>
  );
}
