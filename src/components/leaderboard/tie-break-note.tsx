import { ChevronRight } from "@/components/ui/plain-icons";
import { BOARD_TIE_BREAK } from "@/domain/house-rules";

/**
 * "How ties are broken": the written order (src/domain/house-rules.ts) under a board or beside a pack
 * winner, as a closed disclosure. Server-rendered text in a native <details>: no script on the page.
 */
export function TieBreakNote({ order = BOARD_TIE_BREAK, label = "How ties are broken" }: { order?: readonly string[]; label?: string }) {
  return (
    <details className="group mt-2 text-sm text-muted" data-testid="tie-break-note">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        <ChevronRight size={16} aria-hidden="true" className="transition-transform group-open:rotate-90" />
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
