// Requests and answers of "Fix a pick" (docs/decisions/061-pick-fixes.md, docs/SCREENS.md §3.13): the
// commissioner adds, switches or removes one player's take on one prop, with a reason the player reads.
import { z } from "zod";
import { idSchema } from "@/domain/ids";
import { ZAdminReason } from "./fields";

/** POST /api/admin/pickFixes: `side` null removes the pick; `preview` answers the effect without writing anything. */
export const ZPickFixRequest = z.object({
  profileId: idSchema("Choose a player."),
  propId: idSchema("Choose a prop."),
  side: z.enum(["A", "B"], { error: "Choose side A, side B or remove (null)." }).nullable(),
  reason: ZAdminReason,
  /** Sent again on a retry so the fix is applied once. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Invalid idempotency key."),
  preview: z.boolean().optional().default(false),
});

/** A pick as the fix shows it: the side (null: no pick), its words, what it scores now. */
export const ZPickFixSideView = z.object({
  side: z.enum(["A", "B"]).nullable(),
  /** "Eagles", or "No pick". */
  words: z.string(),
  points: z.number().int(),
  tokensCents: z.number().int(),
});
export type PickFixSideView = z.infer<typeof ZPickFixSideView>;

export const ZPickFixAnswer = z.object({
  /** False for a preview and for a replayed idempotency key. */
  applied: z.boolean(),
  /** True when the key was used before: the answer describes that fix. */
  replay: z.boolean(),
  action: z.enum(["add", "change", "remove"]),
  propLabel: z.string(),
  packTitle: z.string(),
  /** Whether the prop is graded, so the fix settles points and diamonds now. */
  graded: z.boolean(),
  before: ZPickFixSideView,
  after: ZPickFixSideView,
  /** The receipt that shows the picks after the fix (null for a preview). */
  receiptId: z.string().nullable(),
  packURL: z.string(),
  /** A text is on its way (false: opted out, no phone, a preview or a replay). */
  texted: z.boolean(),
});
export type PickFixAnswer = z.infer<typeof ZPickFixAnswer>;

/** GET /api/admin/pickFixes?profileId&packURL: the packs to choose from, and a chosen pack's props with the player's pick. */
export const ZPickFixOptionsQuery = z.object({
  profileId: idSchema("Choose a player."),
  packURL: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown pack.")
    .optional(),
});

export const ZPickFixOptions = z.object({
  packs: z.array(z.object({ packURL: z.string(), title: z.string(), status: z.string() })),
  props: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      sideA: z.string(),
      sideB: z.string(),
      valueA: z.number().int(),
      valueB: z.number().int(),
      status: z.string(),
      currentSide: z.enum(["A", "B"]).nullable(),
      points: z.number().int(),
    }),
  ),
});
export type PickFixOptions = z.infer<typeof ZPickFixOptions>;
