"use client";

import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { DialogComponentProps, DialogType } from "./dialog-types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each dialog narrows its own props
type AnyDialog = ComponentType<DialogComponentProps<any, any>>;
export interface DialogRegistration {
  component: LazyExoticComponent<AnyDialog>;
  /** "custom" dialogs (drawer, full-screen sheet) draw their own chrome. */
  variant: "panel" | "custom";
}

const panel = (load: () => Promise<{ default: AnyDialog }>): DialogRegistration => ({
  component: lazy(load),
  variant: "panel",
});
const custom = (load: () => Promise<{ default: AnyDialog }>): DialogRegistration => ({
  component: lazy(load),
  variant: "custom",
});

/** Every dialog type, registered in one place; each loads only when first opened. */
export const DIALOG_REGISTRY: Record<DialogType, DialogRegistration> = {
  changeUsername: panel(() => import("./change-username-dialog")),
  promoFollow: panel(() => import("./promo-follow-dialog")),
  subscribe: panel(() => import("./subscribe-dialog")),
  newInventory: panel(() => import("./new-inventory-dialog")),
  referralChallenge: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.ReferralChallengeDialog }))),
  aiSummary: panel(() => import("./ai-summary-dialog")),
  awardClaim: panel(() => import("./award-claim-dialog")),
  awardSuccess: panel(() => import("./award-success-dialog")),
  loginSuccess: panel(() => import("./login-success-dialog")),
  login: panel(() => import("./login-dialog")),
  loginRequired: panel(() => import("./login-required-dialog")),
  usernameRequired: panel(() => import("./username-required-dialog")),
  fetchTeams: panel(() => import("./fetch-teams-dialog")),
  fetchEvents: panel(() => import("./fetch-events-dialog")),
  packActive: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.PackActiveDialog }))),
  shareContest: panel(() => import("./share-contest-dialog")),
  sharePack: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.SharePackDialog }))),
  receipt: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.ReceiptDialog }))),
  userTakes: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.UserTakesDialog }))),
  shareMyTakes: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.ShareMyTakesDialog }))),
  mobileNav: custom(() => import("./mobile-nav-dialog")),
  addPacksToContest: panel(() => import("./add-packs-to-contest-dialog")),
  exchangeConfirm: panel(() => import("./exchange-confirm-dialog")),
  marketplaceInfo: panel(() => import("./marketplace-info-dialog")),
  featuredPack: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.FeaturedPackDialog }))),
  favoriteTeam: panel(() => import("./favorite-team-dialog")),
  points: panel(() => import("./points-dialog")),
  prize: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.PrizeDialog }))),
  packCompleted: panel(() => import("./player-loop-dialogs").then((m) => ({ default: m.PackCompletedDialog }))),
  packGraded: panel(() => import("./pack-graded-dialog")),
  membersAccess: panel(() => import("./members-access-dialog")),
  addEvent: panel(() => import("./add-event-dialog")),
  addProp: panel(() => import("./add-prop-dialog")),
  superPropCreated: panel(() => import("./super-prop-created-dialog")),
  gradePacks: panel(() => import("./grade-packs-dialog")),
  gradeProps: panel(() => import("./grade-props-dialog")),
  getPackWinners: panel(() => import("./get-pack-winners-dialog")),
  qrCode: custom(() => import("./player-loop-dialogs").then((m) => ({ default: m.QrCodeDialog }))),
  confirm: panel(() => import("./confirm-dialog")),
  slateAuthoring: panel(() => import("./slate-authoring-dialog")),
  packOpenText: panel(() => import("./pack-open-text-dialog")),
};
