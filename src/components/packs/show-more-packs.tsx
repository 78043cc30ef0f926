import Link from "@/components/ui/link";

/**
 * How many cards a paged pack list shows (`?show=`, in whole pages, at most
 * `max`): the feed and /packs render a page of cards at a time, so a season
 * day of well over a hundred packs stays one page (docs/decisions/024-season-scale.md).
 */
export function shownCount(show: string | undefined, page: number, max: number): number {
  const asked = Math.floor(Number(show) / page) * page;
  return Math.min(Math.max(page, Number.isFinite(asked) ? asked : page), max);
}

/**
 * "Showing 12 of 59 packs" and the link to the next page of cards, under a
 * list that has more; `noun` names other cards (the marketplace's "items").
 */
export function ShowMorePacks({ shown, total, href, noun = "packs" }: { shown: number; total: number; href: string; noun?: string }) {
  if (total <= shown) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
      <p className="text-sm text-muted">
        Showing {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {noun}
      </p>
      <Link
        href={href}
        scroll={false}
        className="inline-flex min-h-11 items-center rounded-full bg-surface px-4 text-sm font-bold ring-1 ring-line hover:bg-page"
      >
        {`Show more ${noun}`}
      </Link>
    </div>
  );
}
