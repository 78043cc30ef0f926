import { pageEvent } from "./page-event";

const follows = pageEvent("takes:follows-changed");

/**
 * Anything that follows or unfollows for the player (a promo dialog, the
 * favourite-team picker an award opens) calls this, so a "Follow this team"
 * button on the page behind re-reads its state at once.
 */
export const announceFollowsChanged = follows.announce;

export const onFollowsChanged = follows.on;
