export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  completed: boolean;
}

/** Time left until `target`, whole units; completed once nothing is left. */
export function countdownParts(target: Date, now: Date): CountdownParts {
  const remainingMs = target.getTime() - now.getTime();
  if (!(remainingMs > 0)) return { days: 0, hours: 0, minutes: 0, seconds: 0, completed: true };
  const totalSeconds = Math.floor(remainingMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    completed: totalSeconds <= 0,
  };
}

export interface CountdownFormat {
  showSeconds?: boolean;
  alwaysShowSeconds?: boolean;
}

/**
 * "1d 2h 3m" with a day or more left (seconds only if alwaysShowSeconds);
 * "0h 41m 3s" under a day (seconds if either option). null once completed.
 */
export function formatCountdown(parts: CountdownParts, format: CountdownFormat = {}): string | null {
  if (parts.completed) return null;
  const showSeconds = format.showSeconds ?? true;
  const alwaysShowSeconds = format.alwaysShowSeconds ?? false;
  if (parts.days >= 1) {
    const base = `${parts.days}d ${parts.hours}h ${parts.minutes}m`;
    return alwaysShowSeconds ? `${base} ${parts.seconds}s` : base;
  }
  const base = `${parts.hours}h ${parts.minutes}m`;
  return showSeconds || alwaysShowSeconds ? `${base} ${parts.seconds}s` : base;
}
