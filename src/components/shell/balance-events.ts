import { pageEvent } from "./page-event";

const balance = pageEvent("takes:balance-changed");

/** Anything that changes the balance (claim, redemption, grading seen) calls this so the pill refreshes at once. */
export const announceBalanceChanged = balance.announce;

export const onBalanceChanged = balance.on;
