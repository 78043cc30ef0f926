import { Check, Clock, Minus, X } from "lucide-react";
import type { TakeResult } from "@/domain/points";

// Small text on the result tints: a shade darker than the result colours keeps 4.5:1 contrast.
const STYLES: Record<TakeResult, { label: string; className: string; Icon: typeof Check }> = {
  won: { label: "Won", className: "bg-won-tint text-[#166534]", Icon: Check },
  lost: { label: "Lost", className: "bg-lost-tint text-[#991b1b]", Icon: X },
  push: { label: "Push", className: "bg-push-tint text-[#854d0e]", Icon: Minus },
  pending: { label: "Pending", className: "bg-push-tint text-[#854d0e]", Icon: Clock },
  void: { label: "Void", className: "bg-page text-muted", Icon: Minus },
};

/** A take's result as a coloured pill with an icon and a word (colour is never the only signal). */
export function ResultPill({ result }: { result: TakeResult }) {
  const { label, className, Icon } = STYLES[result];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${className}`}>
      <Icon size={12} aria-hidden="true" />
      {label}
    </span>
  );
}
