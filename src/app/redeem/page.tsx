import { balanceDiamonds } from "@/domain/points";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { Diamonds } from "@/components/marketplace/diamonds";
import { ItemImage } from "@/components/marketplace/item-image";
import { RedeemFlow } from "@/components/marketplace/redeem-flow";
import { findItemForRedemption } from "@/server/marketplace/find-item-for-redemption";
import { readMarketplaceViewer } from "@/server/marketplace/read-marketplace-viewer";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Redeem Prize" };

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Redeem Prize</h1>
      <div className="rounded-2xl bg-surface p-6 shadow-sm">{children}</div>
    </div>
  );
}

/** `/redeem?itemID=` (docs/SCREENS.md §2.6): the player's form; visitors are asked to log in first. */
export default async function RedeemPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const itemID = typeof params.itemID === "string" ? params.itemID.trim() : "";
  const viewer = await readMarketplaceViewer();

  if (!viewer) {
    const here = itemID ? `/redeem?itemID=${encodeURIComponent(itemID)}` : "/redeem";
    return (
      <Notice>
        <p>
          You must be logged in to redeem prizes. Please{" "}
          <Link href={`/login?redirect=${encodeURIComponent(here)}`} className="font-semibold text-accent underline">
            log in
          </Link>{" "}
          first.
        </p>
      </Notice>
    );
  }
  if (!itemID) {
    return (
      <Notice>
        <p>
          Choose an item in the{" "}
          <Link href="/marketplace" className="font-semibold text-accent underline">
            Marketplace
          </Link>{" "}
          first.
        </p>
      </Notice>
    );
  }
  const item = await findItemForRedemption({ itemId: itemID });
  if (!item) {
    return (
      <Notice>
        <p>Item not found.</p>
        <Link href="/marketplace" className="mt-3 inline-block font-semibold text-accent underline">
          Back to the Marketplace
        </Link>
      </Notice>
    );
  }

  const selectedItem = (
    <section aria-labelledby="selected-item-title" className="rounded-2xl bg-surface p-4 shadow-sm sm:p-5">
      <h2 id="selected-item-title" className="text-xs font-semibold uppercase tracking-wide text-muted">
        Selected Item
      </h2>
      <div className="mt-3 flex gap-4">
        <div className="w-24 shrink-0 sm:w-32">
          <ItemImage src={item.imageUrl} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-lg font-extrabold leading-snug">{item.itemName}</p>
          {item.brand ? <p className="text-sm text-muted">Brand: {item.brand}</p> : null}
          <p className="flex items-center gap-1 text-sm">
            Cost: <Diamonds amount={item.itemTokens} />
          </p>
          <p className="flex items-center gap-1 text-sm" data-testid="redeem-balance">
            Your balance: <Diamonds amount={balanceDiamonds(viewer.balanceCents)} />
          </p>
        </div>
      </div>
      {item.description ? <p className="mt-3 text-sm text-muted">{item.description}</p> : null}
      {item.inStock ? null : <p className="mt-3 rounded-xl bg-push-tint p-3 text-sm font-semibold text-ink">This item is sold out.</p>}
    </section>
  );

  return (
    <RedeemFlow
      item={{ itemID: item.itemID, itemName: item.itemName, itemTokens: item.itemTokens, requiresShipping: item.requiresShipping }}
      selectedItem={selectedItem}
    />
  );
}
