import type { Metadata } from "next";
import { MarketplaceHeader } from "./marketplace-header";
import Link from "@/components/ui/link";
import { AlertCircle } from "lucide-react";
import { MarketplaceItemCard } from "@/components/marketplace/marketplace-item-card";
import { TeamPackTiles } from "@/components/marketplace/team-pack-tiles";
import { ShowMorePacks, shownCount } from "@/components/packs/show-more-packs";
import {
  MARKETPLACE_MAX_SHOWN,
  MARKETPLACE_PAGE,
  listMarketplaceItems,
  type MarketplaceListing,
} from "@/server/marketplace/list-marketplace-items";
import { listTeamMarketplacePacks, type TeamPackTile } from "@/server/marketplace/list-team-marketplace-packs";
import { readMarketplaceViewer } from "@/server/marketplace/read-marketplace-viewer";
import { log, errorFields } from "@/server/ops/log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Marketplace" };

/** `/marketplace` and its team view `?teamSlug=` (docs/SCREENS.md §2.9). */
export default async function MarketplacePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const teamSlug = typeof params.teamSlug === "string" ? params.teamSlug : undefined;
  // A page of item cards at a time and "Show more items", counted in SQL (docs/decisions/024-season-scale.md):
  // the list used to stop silently at 200 items.
  const limit = shownCount(typeof params.show === "string" ? params.show : undefined, MARKETPLACE_PAGE, MARKETPLACE_MAX_SHOWN);

  let listing: MarketplaceListing | null = null;
  let teamPacks: TeamPackTile[] = [];
  let balanceCents: number | null = null;
  try {
    const [found, viewer] = await Promise.all([listMarketplaceItems({ teamSlug, limit, withTotal: true }), readMarketplaceViewer()]);
    listing = found;
    balanceCents = viewer?.balanceCents ?? null;
    if (found.team) teamPacks = await listTeamMarketplacePacks({ league: found.team.league, teamSlug: found.team.slug });
  } catch (error) {
    log("error", "marketplace page failed", errorFields(error));
  }
  const team = listing?.team ?? null;
  const abbreviation = team?.abbreviation.toUpperCase();
  const moreHref = (show: number) => {
    const next = new URLSearchParams();
    if (teamSlug) next.set("teamSlug", teamSlug);
    next.set("show", String(show));
    return `/marketplace?${next.toString()}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <MarketplaceHeader />
      {team ? (
        <p className="rounded-2xl bg-accent-tint p-4 font-semibold">
          Make {abbreviation} takes to win prizes. Explore team items below, or{" "}
          <Link href="/marketplace" className="text-accent underline">
            view all
          </Link>
          .
        </p>
      ) : null}
      <section aria-labelledby="rewards-title" className="flex flex-col gap-4">
        <h2 id="rewards-title" className="text-xl font-extrabold tracking-tight">
          {team ? "Team Rewards" : "Available Rewards"}
        </h2>
        {listing === null ? (
          <p role="alert" className="flex items-center justify-center gap-2 rounded-2xl bg-lost-tint p-6 font-semibold text-lost">
            <AlertCircle size={18} aria-hidden="true" />
            Error fetching items
          </p>
        ) : listing.items.length === 0 ? (
          <p className="rounded-2xl bg-surface p-10 text-center text-muted">No items available right now.</p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {listing.items.map((item) => (
                <li key={item.itemID}>
                  <MarketplaceItemCard item={item} balanceCents={balanceCents} />
                </li>
              ))}
            </ul>
            <ShowMorePacks
              shown={listing.items.length}
              total={listing.total ?? listing.items.length}
              href={moreHref(listing.items.length + MARKETPLACE_PAGE)}
              noun="items"
            />
          </>
        )}
      </section>
      {team && teamPacks.length > 0 ? <TeamPackTiles title={`${abbreviation} Packs`} packs={teamPacks} /> : null}
    </div>
  );
}
