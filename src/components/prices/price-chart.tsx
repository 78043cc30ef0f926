import type { PriceChart as PriceChartData } from "@/domain/prices";

/**
 * A prop's line chart, drawn on the server as inline SVG (no client JS; docs/decisions/056-price-history.md):
 * side A solid, side B dashed, each side's points value over its prices. The caption is the text
 * alternative and names the figure.
 */
/** What both sides' lines share: 2 px whatever the chart's stretch, round joins, no fill. */
const LINE = { fill: "none", strokeWidth: 2, strokeLinejoin: "round", vectorEffect: "non-scaling-stroke" } as const;

export function PriceChart({ chart, labels }: { chart: PriceChartData; labels: { A: string; B: string } }) {
  return (
    <figure className="space-y-1" data-testid="price-chart">
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        preserveAspectRatio="none"
        className="block h-9 w-full max-w-60 rounded-md bg-page"
      >
        <path d={chart.paths.A} stroke="var(--color-accent)" {...LINE} />
        <path d={chart.paths.B} stroke="var(--color-muted)" strokeDasharray="4 3" {...LINE} />
      </svg>
      <figcaption className="text-xs text-muted">
        <span className="sr-only">Price chart. </span>
        {chart.summary}
        <span aria-hidden="true" className="block">
          ── {labels.A} · ┄┄ {labels.B}
        </span>
      </figcaption>
    </figure>
  );
}
