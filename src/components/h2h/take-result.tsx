import { Check, Minus, X } from "lucide-react";

const LABELS: Record<string, { text: string; className: string; icon: "won" | "lost" | "push" | "none" }> = {
  won: { text: "Won", className: "text-won", icon: "won" },
  lost: { text: "Lost", className: "text-lost", icon: "lost" },
  push: { text: "Push", className: "text-push", icon: "push" },
  void: { text: "Void", className: "text-muted", icon: "none" },
  pending: { text: "Pending", className: "text-push", icon: "none" },
};

/** A take's result as a word with its icon and colour (never colour alone). */
export function TakeResult({ result }: { result: string }) {
  const label = LABELS[result] ?? LABELS.pending!;
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-bold ${label.className}`}>
      {label.icon === "won" ? <Check size={14} aria-hidden="true" /> : null}
      {label.icon === "lost" ? <X size={14} aria-hidden="true" /> : null}
      {label.icon === "push" ? <Minus size={14} aria-hidden="true" /> : null}
      {label.text}
    </span>
  );
}
