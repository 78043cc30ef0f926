import type { Metadata } from "next";
import { PRODUCT_NAME } from "@/config";
import { DashboardMarketplace } from "@/components/packs/dashboard-marketplace";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { findTeaserItem } from "@/server/packs/find-teaser-item";
import { PackFeed, type FeedParams } from "./_feed/pack-feed";

export const dynamic = "force-dynamic";
// The root layout's title template does not reach a page of its own segment.
export const metadata: Metadata = { title: { absolute: `Packs | ${PRODUCT_NAME}` } };

/** `/` – the Pack Feed (docs/SCREENS.md §2.1): day tabs with counts, sort, featured banner, cards, marketplace teaser. */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<FeedParams> }) {
  const [params, teaserItem] = await Promise.all([searchParams, findTeaserItem()]);
  return (
    <PackFeed
      params={params}
      basePath="/"
      title={<h1 className="text-3xl font-extrabold tracking-tight">Pack Feed</h1>}
      aside={
        <HydrateInSlices>
          <DashboardMarketplace item={teaserItem} />
        </HydrateInSlices>
      }
    />
  );
}
