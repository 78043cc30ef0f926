"use client";

import { useEffect, useState } from "react";
import { countdownParts, formatCountdown } from "@/domain/countdown";

/**
 * A ticking "Closes in 1d 2h 3m" for the feed and the pack page: like the
 * shared Countdown but with its accessible description formatted by the
 * server, which keeps the time-zone formatters out of the pages' JavaScript. Nothing before mount or
 * once the target has passed.
 */
export function LiveCountdown({
  target,
  prefix,
  description,
  className,
  showSeconds,
}: {
  target: string;
  prefix: string;
  description: string;
  className?: string;
  showSeconds?: boolean;
}) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const tick = () => setText(formatCountdown(countdownParts(new Date(target), new Date()), { showSeconds }));
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [target, showSeconds]);
  return text ? (
    <span className={`tabular font-bold ${className ?? ""}`} title={description}>
      {prefix} {text}
    </span>
  ) : null;
}
