"use client";

import { useCallback, useEffect, useState } from "react";
import { displayBalance } from "@/domain/points";
import { onBalanceChanged } from "./balance-events";

/**
 * The signed-in player's balance: undefined until loaded, then a rounded
 * integer; any failure reads 0, silently (docs/SCREENS.md §1.2, docs/PRODUCT.md §4).
 */
export function useTokenBalance(handle: string | undefined): number | undefined {
  const [balance, setBalance] = useState<number | undefined>(undefined);

  const load = useCallback(async () => {
    if (!handle) return;
    try {
      const response = await fetch(`/api/profile/${encodeURIComponent(handle)}?select=tokens`, { cache: "no-store" });
      const body = (await response.json()) as { success?: boolean; tokensBalance?: unknown };
      setBalance(body.success ? displayBalance(body.tokensBalance) : 0);
    } catch {
      setBalance(0);
    }
  }, [handle]);

  useEffect(() => {
    if (!handle) {
      setBalance(undefined);
      return;
    }
    void load();
    window.addEventListener("focus", load);
    const unsubscribe = onBalanceChanged(() => void load());
    return () => {
      window.removeEventListener("focus", load);
      unsubscribe();
    };
  }, [handle, load]);

  return balance;
}
