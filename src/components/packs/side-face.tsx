import { Check } from "lucide-react";

/**
 * What a side button shows, rendered by the server: label and take sentence on
 * the left, the point value on the right. The client button around it only
 * sets aria-pressed; the pressed look comes from `group-aria-pressed:`.
 */
export function SideFace({ short, take, value }: { short: string; take: string; value: number }) {
  return (
    <>
      <span>
        <span className="block font-bold">{short}</span>
        <span className="block text-sm text-muted group-aria-pressed:text-white/85">{take}</span>
      </span>
      <span className="tabular inline-flex shrink-0 items-center gap-1 rounded-full bg-page px-2.5 py-1 text-sm font-bold group-aria-pressed:bg-accent-strong">
        <Check size={14} aria-hidden="true" className="hidden group-aria-pressed:inline" />
        {value} pts
      </span>
    </>
  );
}
