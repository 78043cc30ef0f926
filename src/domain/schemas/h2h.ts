import { z } from "zod";

/** POST /api/h2h: challenge a player (by handle, "@" optional) on a pack. */
export const ZCreateChallengeRequest = z.object({
  packURL: z.string("Pack not found.").trim().min(1, "Pack not found.").max(80, "Pack not found."),
  opponent: z
    .string("Enter a username to challenge.")
    .trim()
    .transform((value) => value.replace(/^@/, ""))
    .pipe(z.string().min(1, "Enter a username to challenge.").max(20, "No player has that username.")),
});

/** POST /api/h2h/{challengeId}/respond */
export const ZRespondToChallengeRequest = z.object({ accept: z.boolean("Choose accept or decline.") });

/** GET /api/h2h/opponents?q=: what has been typed of an opponent's username. */
export const ZOpponentsQuery = z.object({ q: z.string().trim().max(40, "Usernames are 20 characters at most.").default("") });

/** POST /api/h2h/rematch: challenge a past opponent again, on the next pack the two can play. */
export const ZRematchRequest = ZCreateChallengeRequest.pick({ opponent: true });
