"use client";

import { displayBalance } from "@/domain/points";
import { useSession } from "./session";

/**
 * The signed-in player's balance for the header's pill and the mobile menu: undefined until the
 * session is known (and for visitors), then a rounded integer; a session answer without a balance
 * (the server could not read it) reads 0, silently (docs/SCREENS.md §1.2, docs/PRODUCT.md §4).
 * It rides on the session answer, the one request a page load makes (issue 36), and is read again
 * with it: when the tab becomes visible, and at once after a claim, redemption or seen grading
 * (balance-events.ts, src/components/shell/session.tsx).
 */
export function useTokenBalance(): number | undefined {
  const { data, status } = useSession();
  return status === "authenticated" && data ? displayBalance(data.user.tokensBalance) : undefined;
}
