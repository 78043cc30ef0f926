import { Gem } from "lucide-react";

/** A diamond amount: the diamond icon before the number (docs/SCREENS.md §0). */
export function Diamonds({ amount, className = "", iconSize = 16 }: { amount: number; className?: string; iconSize?: number }) {
  return (
    <span className={`tabular inline-flex items-center gap-1 font-bold ${className}`}>
      <Gem size={iconSize} aria-hidden="true" className="shrink-0 text-accent" />
      {amount.toLocaleString("en-US")}
      <span className="sr-only"> diamonds</span>
    </span>
  );
}
