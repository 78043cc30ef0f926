// Everything the pack deck needs only after the first paint, in one lazily loaded chunk:
// keyboard play, the hero's dialog buttons, the referral invitation, the submit
// flow, the hero countdown and the draft of picks not submitted yet.
export { runDeckSubmit } from "./submit-picks";
export { LiveCountdown } from "./live-countdown";
export { startDeck } from "./start-deck";
export { inviteFromReferrer } from "./referral-invite";
export { loadMyPicks, measureSkew, MyPackButtons } from "./my-picks";
export { readDraft, saveDraft } from "./pick-draft";
export { RemindMeButton } from "./remind-me-button";
