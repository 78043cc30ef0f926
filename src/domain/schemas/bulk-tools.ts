// Requests and answers of the bulk tools (issue 41 item 5, docs/decisions/063-bulk-tools.md):
// moving the close of many props or packs at once, and the CSV exports' scope.
import { z } from "zod";
import { idSchema } from "@/domain/ids";
import { ZInstant } from "./authoring-fields";
import { ZDay } from "./events";

// ---------------------------------------------------------------- exports

export const EXPORT_KINDS = ["picks", "standings", "ledger"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * GET /api/admin/exports/{picks|standings|ledger}?pack=… | ?week=YYYY-MM-DD | ?contest=…: exactly
 * one scope. A week is the New York week (Monday to Sunday) holding the day given.
 */
export const ZExportQuery = z
  .object({
    pack: idSchema("Unknown pack.").optional(),
    /** A contest's id or its slug (the admin contest screen's address names the slug). */
    contest: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,79}$/, "Unknown contest.")
      .transform((v) => v.toLowerCase())
      .optional(),
    week: ZDay.optional(),
  })
  .refine((q) => [q.pack, q.contest, q.week].filter(Boolean).length === 1, {
    message: "Choose one of a pack, a week or a contest to export.",
  });
export type ExportQuery = z.infer<typeof ZExportQuery>;

// ---------------------------------------------------------------- bulk close moves

export const BULK_MOVE_TARGETS = ["props", "packs"] as const;
export const BULK_MOVE_MODES = ["set", "shift", "gameStart"] as const;
export type BulkMoveMode = (typeof BULK_MOVE_MODES)[number];

/** At most this many props or packs in one move (one transaction, row locks on each). */
export const BULK_MOVE_MAX = 500;
/** A shift of at most 30 days either way. */
export const BULK_SHIFT_MAX_MINUTES = 30 * 24 * 60;

/**
 * POST /api/admin/bulk/close {target, ids, mode, closeTime?, shiftMinutes?, dryRun}:
 * `set` gives every one the same close, `shift` moves each by ±minutes, `gameStart` closes each
 * prop at its game's start (a pack at its last linked game's start). A dry run answers the counts
 * the confirmation shows and changes nothing.
 */
export const ZBulkMoveRequest = z
  .object({
    target: z.enum(BULK_MOVE_TARGETS, { error: "Target must be props or packs" }),
    ids: z
      .array(idSchema("Unknown prop or pack."))
      .min(1, "Select at least one.")
      .max(BULK_MOVE_MAX, `Move at most ${BULK_MOVE_MAX} at once.`),
    mode: z.enum(BULK_MOVE_MODES, { error: "Mode must be set, shift or gameStart" }),
    closeTime: ZInstant,
    shiftMinutes: z
      .number({ error: "Shift must be a number of minutes." })
      .int("Shift must be a whole number of minutes.")
      .refine((n) => n !== 0, "Shift by at least one minute.")
      .refine((n) => Math.abs(n) <= BULK_SHIFT_MAX_MINUTES, "Shift by at most 30 days.")
      .optional(),
    dryRun: z.boolean({ error: "dryRun must be true or false" }).default(true),
  })
  .refine((v) => v.mode !== "set" || v.closeTime instanceof Date, { message: "Choose the new close time.", path: ["closeTime"] })
  .refine((v) => v.mode !== "shift" || v.shiftMinutes !== undefined, { message: "Choose how far to shift.", path: ["shiftMinutes"] });
export type BulkMoveRequest = z.infer<typeof ZBulkMoveRequest>;

/** One prop or pack of a move, with what happens to it. */
export const ZBulkMoveItem = z.object({
  id: z.string(),
  title: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Why it is left as it is (graded, no game, would close before it opens…), or null when it moves. */
  skip: z.string().nullable(),
});

export const ZBulkMoveAnswer = z.object({
  moved: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  items: z.array(ZBulkMoveItem),
  applied: z.boolean(),
});
export type BulkMoveAnswer = z.infer<typeof ZBulkMoveAnswer>;
export type BulkMoveItem = z.infer<typeof ZBulkMoveItem>;
