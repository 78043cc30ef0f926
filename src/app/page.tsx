import type { Metadata } from "next";
import { PRODUCT_NAME } from "@/config";
import { DashboardMarketplace } from "@/components/packs/dashboard-marketplace";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { findTeaserItem } from "@/server/packs/find-teaser-item";
import { readPageViewer } from "@/server/packs/read-page-viewer";
import { hasMadeATake } from "@/server/takes/has-made-a-take";
import { browserHasPlayed } from "@/server/takes/played-cookie";
import { PackFeed, type FeedParams } from "./_feed/pack-feed";

export const dynamic = "force-dynamic";
// The root layout's title template does not reach a page of its own segment.
export const metadata: Metadata = { title: { absolute: `Packs | ${PRODUCT_NAME}` } };

/**
 * `/` – the Pack Feed (docs/SCREENS.md §2.1): day tabs with counts, sort, featured banner, cards,
 * marketplace teaser; led by the pitch for a visitor and for a player who has made no take yet.
 * The page cache keeps two copies, rendered as a visitor with and without the `takes-played`
 * cookie a take sets, and serves them to signed-in players too (docs/decisions/058-the-game-explains-itself.md).
 */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<FeedParams> }) {
  const [params, teaserItem, pitch] = await Promise.all([searchParams, findTeaserItem(), showsPitch()]);
  return (
    <PackFeed
      params={params}
      pitch={pitch}
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

/** A visitor, or a player who has not made a take yet: a browser that has played never sees it. */
async function showsPitch(): Promise<boolean> {
  if (await browserHasPlayed()) return false;
  const viewer = await readPageViewer();
  return viewer ? !(await hasMadeATake({ profileId: viewer.profileId })) : true;
}
