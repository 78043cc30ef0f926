"use client";

import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
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
    const answer = await apiFetch(`/api/profile/${encodeURIComponent(handle)}?select=tokens`, { schema: () => import("@/domain/schemas/play").then((m) => m.VTokenBalanceAnswer) });
    setBalance(answer.ok ? displayBalance(answer.data.tokensBalance) : 0);
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
