"use client";

import { useEffect, useState } from "react";
import { countdownParts, formatCountdown, type CountdownParts } from "@/domain/countdown";
import { formatShortDateTime } from "@/domain/time";

function toDate(target: Date | string | number | null | undefined): Date | null {
  if (target === null || target === undefined || target === "") return null;
  const date = target instanceof Date ? target : new Date(target);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Days, hours, minutes, seconds and `completed` until a target, ticking every
 * second; null before mount (server render) or without a target.
 */
export function useCountdown(targetTime: Date | string | number | null | undefined): CountdownParts | null {
  const target = toDate(targetTime);
  const targetMs = target?.getTime();
  const [parts, setParts] = useState<CountdownParts | null>(null);
  useEffect(() => {
    if (targetMs === undefined) {
      setParts(null);
      return;
    }
    const update = () => setParts(countdownParts(new Date(targetMs), new Date()));
    update();
    const timer = setInterval(update, 1_000);
    return () => clearInterval(timer);
  }, [targetMs]);
  return parts;
}

/**
 * "Closes in 1d 2h 3m". Renders nothing without a target, before mount or once
 * completed; the caller shows its own ended text.
 */
export function Countdown({
  targetTime,
  prefix,
  showSeconds = true,
  alwaysShowSeconds = false,
  className = "",
  descriptionPrefix,
}: {
  targetTime: Date | string | number | null | undefined;
  prefix?: string;
  showSeconds?: boolean;
  alwaysShowSeconds?: boolean;
  className?: string;
  /** Accessible description, e.g. "Closes" → "Closes Sun, Oct 12 · 1:00 PM ET". */
  descriptionPrefix?: string;
}) {
  const parts = useCountdown(targetTime);
  const target = toDate(targetTime);
  if (!parts || !target) return null;
  const text = formatCountdown(parts, { showSeconds, alwaysShowSeconds });
  if (!text) return null;
  return (
    <span className={`tabular font-bold ${className}`} title={`${descriptionPrefix ?? prefix ?? ""} ${formatShortDateTime(target)}`.trim()}>
      {prefix ? `${prefix} ` : ""}
      {text}
    </span>
  );
}
