import { balanceDiamonds } from "@/domain/points";
import { canRedeem, redeemProgress } from "@/domain/marketplace";
import { Diamonds } from "./diamonds";
import { ItemImage } from "./item-image";
import { MarketplaceInfoButton } from "./marketplace-info-button";
import { ProgressBar } from "./progress-bar";

export interface ItemCardData {
  itemID: string;
  itemName: string;
  itemTokens: number;
  brand: string | null;
  description: string | null;
  imageUrl: string | null;
}

/**
 * One marketplace item (docs/SCREENS.md §2.9): a single keyboard-operable button
 * that opens marketplaceInfo. Players also see how far their balance goes.
 */
export function MarketplaceItemCard({
  item,
  balanceCents,
  idPrefix = "item",
}: {
  item: ItemCardData;
  /** Null for visitors: they see the cost only. */
  balanceCents: number | null;
  idPrefix?: string;
}) {
  const nameId = `${idPrefix}-${item.itemID}-name`;
  const costId = `${idPrefix}-${item.itemID}-cost`;
  const affordable = balanceCents !== null && canRedeem(balanceCents, item.itemTokens);
  return (
    <MarketplaceInfoButton
      info={{ itemID: item.itemID, itemName: item.itemName, itemTokens: item.itemTokens, balanceCents }}
      labelledBy={`${nameId} ${costId}`}
      className="group flex h-full w-full flex-col overflow-hidden rounded-2xl bg-surface text-left shadow-sm transition-shadow duration-200 hover:shadow-lg"
    >
      <span className="block p-3 pb-0">
        <ItemImage src={item.imageUrl} className="aspect-[4/3] max-h-72 sm:aspect-square" />
      </span>
      <span className="flex flex-1 flex-col gap-1 p-4">
        {item.brand ? <span className="text-xs font-semibold uppercase tracking-wide text-muted">{item.brand}</span> : null}
        <span id={nameId} className="text-base font-extrabold leading-snug">
          {item.itemName}
        </span>
        {item.description ? <span className="line-clamp-3 text-sm text-muted">{item.description}</span> : null}
        <span id={costId} className="mt-auto flex items-center gap-1 pt-2 text-sm">
          Cost: <Diamonds amount={item.itemTokens} />
        </span>
        {balanceCents !== null ? (
          <span className="flex flex-col gap-1 text-xs text-muted">
            <span className="tabular">
              {balanceDiamonds(balanceCents).toLocaleString("en-US")} / {item.itemTokens.toLocaleString("en-US")}
            </span>
            <ProgressBar value={redeemProgress(balanceCents, item.itemTokens)} ready={affordable} />
          </span>
        ) : null}
      </span>
      <span
        className={`block w-full py-3 text-center text-sm font-bold ${
          affordable ? "bg-accent text-white group-hover:bg-accent-strong" : "bg-line text-ink"
        }`}
      >
        Redeem
      </span>
    </MarketplaceInfoButton>
  );
}
