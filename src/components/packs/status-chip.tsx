import { Bell, Check } from "@/components/ui/plain-icons";
import type { PackChip } from "@/domain/pack-state";

const STYLES: Record<PackChip, string> = {
  Active: "bg-accent-tint text-accent",
  "Coming soon": "ring-1 ring-line text-ink",
  Closed: "bg-page text-muted ring-1 ring-line",
  Live: "bg-accent text-white",
  "Pending Grade": "bg-push-tint text-push",
  Graded: "bg-ink text-surface",
};

/** The pack status chip (docs/SCREENS.md §2.2 item 6, colours §6). */
export function StatusChip({ chip }: { chip: PackChip }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide ${STYLES[chip]}`}>
      {chip === "Live" ? <span className="h-2 w-2 animate-pulse rounded-full bg-white" aria-hidden="true" /> : null}
      {chip === "Coming soon" ? <Bell size={12} aria-hidden="true" /> : null}
      {chip === "Graded" ? <Check size={12} aria-hidden="true" /> : null}
      {chip}
    </span>
  );
}
