import { TrendingUp } from "lucide-react";
import { formatMoneyline, type TakePrices } from "@/domain/prices";

const price = (p: { moneyline: number | null; value: number }) => `${formatMoneyline(p.moneyline)} (${p.value} pts)`;

/**
 * A made take's prices (docs/PRODUCT.md, "Every price on the record"): what it locked, the
 * price now while the prop is open, the closing price once it locks, and "Beat the close"
 * (icon and words, not colour alone) when the locked points are above the close's.
 */
export function TakePriceLines({ prices }: { prices: TakePrices }) {
  return (
    <div className="space-y-1 text-sm" data-testid="take-prices">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-muted">Locked</dt>
        <dd data-testid="locked-price">{prices.locked.known ? price(prices.locked) : `${prices.locked.value} pts`}</dd>
        {prices.now ? (
          <>
            <dt className="text-muted">Now</dt>
            <dd data-testid="now-price">{price(prices.now)}</dd>
          </>
        ) : null}
        {prices.closing ? (
          <>
            <dt className="text-muted">Closing</dt>
            <dd data-testid="closing-price">{price(prices.closing)}</dd>
          </>
        ) : null}
      </dl>
      {prices.beatTheClose ? (
        <p className="inline-flex items-center gap-1 rounded-full bg-won-tint px-2 py-0.5 font-bold text-ink" data-testid="beat-the-close">
          <TrendingUp aria-hidden="true" className="h-4 w-4" /> Beat the close
        </p>
      ) : null}
    </div>
  );
}
