// The pack, take and sharing dialogs, loaded together as ONE lazy chunk: each
// separate dynamic import adds a loader to the shell's first-load JavaScript
// on every route, and these dialogs are small and often opened in sequence
// (loginRequired → packCompleted → shareMyTakes).
export { default as FeaturedPackDialog } from "./featured-pack-dialog";
export { default as PackActiveDialog } from "./pack-active-dialog";
export { default as PackCompletedDialog } from "./pack-completed-dialog";
export { default as PrizeDialog } from "./prize-dialog";
export { default as QrCodeDialog } from "./qr-code-dialog";
export { default as ReceiptDialog } from "./receipt-dialog";
export { default as ReferralChallengeDialog } from "./referral-challenge-dialog";
export { default as ShareMyTakesDialog } from "./share-my-takes-dialog";
export { default as SharePackDialog } from "./share-pack-dialog";
export { default as UserTakesDialog } from "./user-takes-dialog";
