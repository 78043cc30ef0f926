"use client";

import { usePathname, useRouter } from "next/navigation";
import { CheckCircle2 } from "lucide-react";
import { Diamonds } from "@/components/marketplace/diamonds";
import type { MarketplaceInfoProps } from "@/components/marketplace/marketplace-info-button";
import { ProgressBar } from "@/components/marketplace/progress-bar";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { canRedeem, centsStillNeeded, redeemProgress } from "@/domain/marketplace";
import { centsToTokens, formatTokens } from "@/domain/points";
import type { DialogComponentProps } from "./dialog-types";

export const MARKETPLACE_INFO_TEXT =
  "Earn diamonds by making correct takes. Diamonds are awarded as 5% of points won. When you have enough diamonds, you can redeem items from the marketplace.";

/** Item and balance (docs/SCREENS.md §4.4): Redeem Now only when the balance covers the cost. */
export default function MarketplaceInfoDialog({ props, close }: DialogComponentProps<MarketplaceInfoProps>) {
  const router = useRouter();
  const pathname = usePathname();
  const { itemID, itemName, itemTokens, balanceCents } = props;
  const signedIn = balanceCents !== null;
  const ready = signedIn && canRedeem(balanceCents, itemTokens);
  const neededCents = signedIn ? centsStillNeeded(balanceCents, itemTokens) : 0;

  const go = (href: string) => {
    close();
    router.push(href);
  };
  const here = typeof window === "undefined" ? pathname : `${pathname}${window.location.search}`;

  return (
    <Dialog
      title="Marketplace"
      description={MARKETPLACE_INFO_TEXT}
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          {signedIn ? (
            <Button disabled={!ready} onClick={() => go(`/redeem?itemID=${encodeURIComponent(itemID)}`)}>
              Redeem Now
            </Button>
          ) : (
            <Button onClick={() => go(`/login?redirect=${encodeURIComponent(here ?? "/marketplace")}`)}>Log in</Button>
          )}
        </>
      }
    >
      <section aria-label="Selected item" className="rounded-xl border border-line p-4">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">Selected item</h3>
        <p className="mt-1 text-lg font-extrabold">{itemName}</p>
        <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-muted">Cost</dt>
          <dd className="text-right">
            <Diamonds amount={itemTokens} />
          </dd>
          {signedIn ? (
            <>
              <dt className="text-muted">Your balance</dt>
              <dd className="text-right">
                {/* Exact here, where a purchase is weighed: balance and shortfall add up to the cost (docs/PRODUCT.md §4). */}
                <Diamonds amount={centsToTokens(balanceCents)} />
              </dd>
            </>
          ) : null}
        </dl>
        {signedIn ? (
          <div className="mt-3 flex flex-col gap-2">
            {ready ? (
              <p className="flex items-center gap-2 text-sm font-semibold text-won">
                <CheckCircle2 size={16} aria-hidden="true" />
                Ready: You have enough diamonds to redeem this item.
              </p>
            ) : (
              <p className="text-sm font-semibold">Needed: {formatTokens(neededCents)} more diamonds</p>
            )}
            <ProgressBar value={redeemProgress(balanceCents, itemTokens)} ready={ready} />
          </div>
        ) : (
          <p className="mt-3 text-sm text-muted">Log in to see your balance</p>
        )}
      </section>
    </Dialog>
  );
}
