import { z } from "zod";

/**
 * POST /api/achievements/seen: the owner has seen their badges up to the newest one the page showed
 * (an instant), so a badge earned after the page was drawn is still celebrated next time.
 */
export const ZBadgesSeenRequest = z.object({
  seenThrough: z.iso.datetime({ offset: true, error: "Send the time of the newest badge shown." }),
});

/** The answer: when the player's badges now count as seen. */
export const ZBadgesSeenAnswer = z.object({ seenAt: z.string() });
export type BadgesSeen = z.infer<typeof ZBadgesSeenAnswer>;
