// The admin's view of the outbox and its blasts (docs/decisions/073-paced-outbox.md).
import { z } from "zod";

const count = z.number().int();

/** Kind, priority (0 sign-in codes, 1 results, 2 reminders, 3 openings: src/domain/text-priority.ts), texts waiting and paused. */
export const ZOutboxDepth = z.object({ kind: z.string(), priority: count, waiting: count, paused: count });

/**
 * One pack opening in flight: its texts by state, when its last waiting text should go out at the
 * current rate (null while paused), and whether that is past what is left of today's limit.
 */
export const ZBlast = z.object({ packId: z.string(), title: z.string().nullable(), waiting: count, paused: count }).extend({
  sent: count,
  cancelled: count,
  finishesAt: z.string().nullable(),
  pastTodaysLimit: z.boolean(),
});

/** GET /api/admin/texts. */
export const ZOutboxOverview = z.object({ ratePerSecond: z.number(), ratePerDay: count, sentToday: count }).extend({
  depth: z.array(ZOutboxDepth),
  blasts: z.array(ZBlast),
});
export type OutboxOverview = z.infer<typeof ZOutboxOverview>;
export type Blast = z.infer<typeof ZBlast>;

export const BLAST_ACTIONS = ["pause", "resume", "cancel"] as const;
export type BlastAction = (typeof BLAST_ACTIONS)[number];

/** POST /api/admin/texts/blasts/{packId}. */
export const ZBlastActionRequest = z.object({
  action: z.enum(BLAST_ACTIONS, { error: "Choose pause, resume or cancel." }),
});

export const ZBlastActionAnswer = z.object({ changed: z.number().int() });
