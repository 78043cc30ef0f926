import Link from "@/components/ui/link";
import { Gem } from "lucide-react";
import type { TeaserItem } from "@/domain/views";

/**
 * The dashboard's side column: one marketplace item, featured first, then the
 * cheapest (stands in until the marketplace's own teaser component lands).
 */
export function DashboardMarketplace({
  item,
  seeAllHref = "/marketplace",
  intro,
}: {
  item: TeaserItem | null;
  /** A team page's own marketplace (`/marketplace?teamSlug=`). */
  seeAllHref?: string;
  /** A line under the heading ("Make PHI takes to win prizes in the team marketplace."). */
  intro?: string;
}) {
  return (
    <section aria-labelledby="dashboard-marketplace" className="rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line">
      <div className="flex items-center justify-between">
        <h2 id="dashboard-marketplace" className="text-lg font-extrabold">
          Marketplace
        </h2>
        <Link href={seeAllHref} className="text-sm font-semibold text-accent hover:underline">
          See all
        </Link>
      </div>
      {intro ? <p className="mt-2 text-sm text-muted">{intro}</p> : null}
      {item ? (
        <Link href={`/redeem?itemID=${item.id}`} className="mt-3 block rounded-xl ring-1 ring-line hover:shadow-md">
          <div className="flex aspect-video items-center justify-center rounded-t-xl bg-page">
            {item.imageUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- item pictures are admin-entered URLs on any host
              <img src={item.imageUrl} alt="" loading="lazy" className="h-full w-full object-contain" />
            ) : (
              <Gem size={32} aria-hidden="true" className="text-muted" />
            )}
          </div>
          <div className="p-3">
            {item.brand ? <p className="text-xs text-muted">{item.brand}</p> : null}
            <p className="font-bold">{item.name}</p>
            <p className="mt-1 inline-flex items-center gap-1 text-sm font-semibold">
              Cost: <Gem size={14} aria-label="diamonds" /> {Number(item.tokens).toLocaleString("en-US")}
            </p>
          </div>
        </Link>
      ) : (
        <p className="mt-3 text-center text-sm text-muted">No items available right now.</p>
      )}
    </section>
  );
}
