"use client";

import type { ReactNode } from "react";
import { useModal } from "@/components/dialogs/modal-context";

export interface MarketplaceInfoProps {
  itemID: string;
  itemName: string;
  itemTokens: number;
  /** The viewer's balance in cents; null for visitors. */
  balanceCents: number | null;
  [key: string]: unknown;
}

/** The item card's one control: a button (its content rendered on the server) that opens marketplaceInfo. */
export function MarketplaceInfoButton({
  info,
  className,
  labelledBy,
  children,
}: {
  info: MarketplaceInfoProps;
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      aria-labelledby={labelledBy}
      className={className}
      onClick={() => void openModal("marketplaceInfo", info)}
      data-testid="marketplace-item"
    >
      {children}
    </button>
  );
}
