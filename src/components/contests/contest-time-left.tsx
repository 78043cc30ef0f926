"use client";

import { useCountdown } from "@/components/ui/countdown";
import { formatCountdown } from "@/domain/countdown";
import { formatShortDateTime } from "@/domain/time";

/**
 * A contest's remaining time: a bold countdown to its end, then the ended
 * text. Nothing before mount, so server and client render the same.
 */
export function ContestTimeLeft({
  endsAt,
  endedText,
  label,
  className = "",
}: {
  endsAt: string | null;
  endedText: string;
  /** A line under (or before) the countdown, e.g. "Time left to enter". */
  label?: { text: string; position: "before" | "after" };
  className?: string;
}) {
  const parts = useCountdown(endsAt);
  if (!endsAt || !parts) return null;
  const text = formatCountdown(parts, { showSeconds: true });
  if (!text) return <p className={`font-bold ${className}`}>{endedText}</p>;
  const countdown = (
    <span className="tabular font-extrabold" title={`Ends ${formatShortDateTime(new Date(endsAt))}`}>
      {text}
    </span>
  );
  if (!label) return <p className={className}>{countdown}</p>;
  return label.position === "before" ? (
    <p className={className}>
      <span className="mr-2 text-muted">{label.text}</span>
      {countdown}
    </p>
  ) : (
    <div className={className}>
      <p>{countdown}</p>
      <p className="text-xs text-muted">{label.text}</p>
    </div>
  );
}
