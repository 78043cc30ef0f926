"use client";

import { createElement, lazy, useState, type ComponentType } from "react";
import type { DialogComponentProps, DialogType } from "./dialog-types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each dialog narrows its own props
type AnyDialog = ComponentType<DialogComponentProps<any, any>>;
export interface DialogRegistration {
  /** Loads its code on first render, unless `preload` already has. */
  component: AnyDialog;
  /** Loads the dialog's code ahead of its opening, so it then opens without a moment of "Loading…". */
  preload: () => Promise<void>;
  /** "custom" dialogs (drawer, full-screen sheet) draw their own chrome. */
  variant: "panel" | "custom";
}

/**
 * A dialog whose code loads when it first opens, like React.lazy, or before
 * through `preload`: then it renders at once. React.lazy alone suspends on its
 * first render even when the code is there, and while a page navigation is
 * under way React shows that dialog only with the new page (the username prompt
 * waited for the receipt page that way).
 */
function loadable(load: () => Promise<{ default: AnyDialog }>, variant: DialogRegistration["variant"]): DialogRegistration {
  let loaded: AnyDialog | undefined;
  let loading: Promise<{ default: AnyDialog }> | undefined;
  const get = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(get);
  // The type chosen when the dialog mounts stays: switching from Lazy to the loaded
  // component on a later render would remount the dialog and lose what was typed.
  const Loadable = (props: DialogComponentProps<unknown, unknown>) => {
    const [Type] = useState<AnyDialog>(() => loaded ?? Lazy);
    return createElement(Type, props);
  };
  return { component: Loadable, preload: () => get().then(() => undefined), variant };
}
const panel = (load: () => Promise<{ default: AnyDialog }>) => loadable(load, "panel");
const custom = (load: () => Promise<{ default: AnyDialog }>) => loadable(load, "custom");

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
  deleteAccount: panel(() => import("./delete-account-dialog")),
  reviewPicks: panel(() => import("./review-picks-dialog")),
  bulkMoveClose: panel(() => import("./bulk-move-close-dialog")),
};
