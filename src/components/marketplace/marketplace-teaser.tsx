import Link from "@/components/ui/link";
import { listMarketplaceItems } from "@/server/marketplace/list-marketplace-items";
import { readMarketplaceViewer } from "@/server/marketplace/read-marketplace-viewer";
import { MarketplaceItemCard } from "./marketplace-item-card";

/**
 * The dashboard's and team pages' side-column teaser (docs/SCREENS.md §2.1, §2.10):
 * H2 "Marketplace", "See all", and one item, featured first, then cheapest.
 * A server component: it costs the page no JavaScript beyond the card button.
 */
export async function MarketplaceTeaser({ teamSlug }: { teamSlug?: string }) {
  const [listing, viewer] = await Promise.all([
    listMarketplaceItems({ teamSlug, limit: 1 }),
    readMarketplaceViewer(),
  ]);
  const item = listing.items[0];
  const seeAllHref = teamSlug ? `/marketplace?teamSlug=${encodeURIComponent(teamSlug)}` : "/marketplace";
  return (
    <section aria-labelledby="marketplace-teaser-title" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="marketplace-teaser-title" className="text-xl font-extrabold tracking-tight">
          Marketplace
        </h2>
        <Link href={seeAllHref} className="text-sm font-semibold text-accent hover:underline">
          See all
        </Link>
      </div>
      {item ? (
        <MarketplaceItemCard item={item} balanceCents={viewer?.balanceCents ?? null} idPrefix="teaser" />
      ) : (
        <p className="rounded-2xl bg-surface p-6 text-center text-sm text-muted">No items available right now.</p>
      )}
    </section>
  );
}
