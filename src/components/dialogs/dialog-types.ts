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
] as const;

export type DialogType = (typeof DIALOG_TYPES)[number];

/** What every dialog component receives from the host. */
export interface DialogComponentProps<P = Record<string, unknown>, R = unknown> {
  props: P;
  /** Closes this dialog and resolves the opener's promise with `result`. */
  close: (result?: R) => void;
  /** Replaces this dialog with its next step; the opener's promise carries over. */
  replace: (type: DialogType, props?: Record<string, unknown>) => void;
  /** While busy (saving), Escape and backdrop clicks are ignored. */
  setBusy: (busy: boolean) => void;
}
