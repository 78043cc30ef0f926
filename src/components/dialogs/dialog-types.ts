/** Every dialog the product opens by type (docs/SCREENS.md §4). */
export const DIALOG_TYPES = [
  "changeUsername",
  "promoFollow",
  "subscribe",
  "newInventory",
  "referralChallenge",
  "aiSummary",
  "awardClaim",
  "awardSuccess",
  "loginSuccess",
  "login",
  "loginRequired",
  "usernameRequired",
  "fetchTeams",
  "fetchEvents",
  "packActive",
  "shareContest",
  "sharePack",
  "receipt",
  "userTakes",
  "shareMyTakes",
  "mobileNav",
  "addPacksToContest",
  "exchangeConfirm",
  "marketplaceInfo",
  "featuredPack",
  "favoriteTeam",
  "points",
  "prize",
  "packCompleted",
  "packGraded",
  "membersAccess",
  "addEvent",
  "addProp",
  "superPropCreated",
  "gradePacks",
  "gradeProps",
  "getPackWinners",
  "qrCode",
  "confirm",
  "slateAuthoring",
  "packOpenText",
  "deleteAccount",
  "reviewPicks",
  "bulkMoveClose",
] as const;

export type DialogType = (typeof DIALOG_TYPES)[number];

/** What every dialog component receives from the host. */
export interface DialogComponentProps<P = Record<string, unknown>, R = unknown> {
  props: P;
  /** Closes this dialog and resolves the opener's promise with `result`. */
  close: (result?: R) => void;
  /** Replaces this dialog with its next step; the opener's promise carries over. */
  replace: <T extends DialogType>(type: T, ...props: DialogPropsArg<T>) => void;
  /** While busy (saving), Escape and backdrop clicks are ignored. */
  setBusy: (busy: boolean) => void;
}

/**
 * Each dialog type's component, as a type only (nothing loads: the registry imports the code when
 * the dialog first opens). Its props and result types are the dialog's contract with whoever opens
 * it: `openModal("confirm", { title, message })` is checked against ConfirmDialog's own props and
 * resolves with its own result type (issue 22: dialogs typed per dialog type, docs/ARCHITECTURE.md).
 */
interface DialogComponents {
  changeUsername: typeof import("./change-username-dialog").default;
  promoFollow: typeof import("./promo-follow-dialog").default;
  subscribe: typeof import("./subscribe-dialog").default;
  newInventory: typeof import("./new-inventory-dialog").default;
  referralChallenge: typeof import("./player-loop-dialogs").ReferralChallengeDialog;
  aiSummary: typeof import("./ai-summary-dialog").default;
  awardClaim: typeof import("./award-claim-dialog").default;
  awardSuccess: typeof import("./award-success-dialog").default;
  loginSuccess: typeof import("./login-success-dialog").default;
  login: typeof import("./login-dialog").default;
  loginRequired: typeof import("./login-required-dialog").default;
  usernameRequired: typeof import("./username-required-dialog").default;
  fetchTeams: typeof import("./fetch-teams-dialog").default;
  fetchEvents: typeof import("./fetch-events-dialog").default;
  packActive: typeof import("./player-loop-dialogs").PackActiveDialog;
  shareContest: typeof import("./share-contest-dialog").default;
  sharePack: typeof import("./player-loop-dialogs").SharePackDialog;
  receipt: typeof import("./player-loop-dialogs").ReceiptDialog;
  userTakes: typeof import("./player-loop-dialogs").UserTakesDialog;
  shareMyTakes: typeof import("./player-loop-dialogs").ShareMyTakesDialog;
  mobileNav: typeof import("./mobile-nav-dialog").default;
  addPacksToContest: typeof import("./add-packs-to-contest-dialog").default;
  exchangeConfirm: typeof import("./exchange-confirm-dialog").default;
  marketplaceInfo: typeof import("./marketplace-info-dialog").default;
  featuredPack: typeof import("./player-loop-dialogs").FeaturedPackDialog;
  favoriteTeam: typeof import("./favorite-team-dialog").default;
  points: typeof import("./points-dialog").default;
  prize: typeof import("./player-loop-dialogs").PrizeDialog;
  packCompleted: typeof import("./player-loop-dialogs").PackCompletedDialog;
  packGraded: typeof import("./pack-graded-dialog").default;
  membersAccess: typeof import("./members-access-dialog").default;
  addEvent: typeof import("./add-event-dialog").default;
  addProp: typeof import("./add-prop-dialog").default;
  superPropCreated: typeof import("./super-prop-created-dialog").default;
  gradePacks: typeof import("./grade-packs-dialog").default;
  gradeProps: typeof import("./grade-props-dialog").default;
  getPackWinners: typeof import("./get-pack-winners-dialog").default;
  qrCode: typeof import("./player-loop-dialogs").QrCodeDialog;
  confirm: typeof import("./confirm-dialog").default;
  slateAuthoring: typeof import("./slate-authoring-dialog").default;
  packOpenText: typeof import("./pack-open-text-dialog").default;
  deleteAccount: typeof import("./delete-account-dialog").default;
  reviewPicks: typeof import("./review-picks-dialog").default;
  bulkMoveClose: typeof import("./bulk-move-close-dialog").default;
}

type Contract<C> = C extends (args: DialogComponentProps<infer P, infer R>) => unknown ? { props: P; result: R } : never;

/** The props a dialog of this type takes. */
export type DialogProps<T extends DialogType> = Contract<DialogComponents[T]>["props"];
/** What a dialog of this type resolves with when it closes (undefined when dismissed). */
export type DialogResult<T extends DialogType> = Contract<DialogComponents[T]>["result"];
/** The props argument: optional when the dialog needs none. */
export type DialogPropsArg<T extends DialogType> =
  Record<string, never> extends DialogProps<T> ? [props?: DialogProps<T>] : [props: DialogProps<T>];
/** A component prop `dialogProps` for a button that opens a dialog of type T: optional when the dialog needs none. */
export type DialogPropsField<T extends DialogType> =
  Record<string, never> extends DialogProps<T> ? { dialogProps?: DialogProps<T> } : { dialogProps: DialogProps<T> };
