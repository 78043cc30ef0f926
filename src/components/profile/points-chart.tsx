"use client";

import { useState } from "react";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * "Points over time": cumulative points per New York day as a line with a
 * soft area (inline SVG, no chart library). Hovering or tapping shows the
 * day and total; a visually hidden table repeats the data for screen readers.
 */
export function PointsChart({ series }: { series: Array<{ day: string; total: number }> }) {
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(1, ...series.map((point) => point.total));
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, series.length - 1);
  const y = (total: number) => HEIGHT - PAD - (total / max) * (HEIGHT - 2 * PAD);
  const line = series.map((point, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${y(point.total).toFixed(1)}`).join(" ");
  const area = `${line} L${x(series.length - 1).toFixed(1)},${HEIGHT - PAD} L${x(0).toFixed(1)},${HEIGHT - PAD} Z`;
  const shown = active === null ? series.length - 1 : active;
  const point = series[shown];

  const pick = (clientX: number, target: SVGSVGElement) => {
    const box = target.getBoundingClientRect();
    const ratio = (clientX - box.left) / box.width;
    setActive(Math.max(0, Math.min(series.length - 1, Math.round(ratio * (series.length - 1)))));
  };

  return (
    <div>
      <p className="text-sm text-muted" aria-hidden="true">
        {point ? (
          <>
            <span className="font-semibold text-ink">{dayLabel(point.day)}</span> · {point.total.toLocaleString("en-US")} pts
          </>
        ) : null}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-1 h-40 w-full touch-none text-accent"
        aria-hidden="true"
        onPointerMove={(event) => pick(event.clientX, event.currentTarget)}
        onPointerDown={(event) => pick(event.clientX, event.currentTarget)}
        onPointerLeave={() => setActive(null)}
      >
        <path d={area} fill="currentColor" opacity={0.12} />
        <path d={line} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
        {point ? <circle cx={x(shown)} cy={y(point.total)} r={5} fill="currentColor" /> : null}
      </svg>
      <table className="sr-only">
        <caption>Cumulative points by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Total points</th>
          </tr>
        </thead>
        <tbody>
          {series.map((entry) => (
            <tr key={entry.day}>
              <td>{dayLabel(entry.day)}</td>
              <td>{entry.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
