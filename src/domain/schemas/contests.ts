import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { CONTEST_STATUSES } from "@/domain/contest-status";
import { collectionFormFields, optionalText } from "./collections";
import { packRowFields } from "./fields";

const instant = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) {
      ctx.addIssue({ code: "custom", message: "Enter a valid date and time." });
      return z.NEVER;
    }
    return date;
  });

export const CONTEST_MAX_PACKS = 100;
const contestFields = collectionFormFields("contest", CONTEST_MAX_PACKS);

/** Create or edit a contest (docs/SCREENS.md §3.3); the admin form and POST/PATCH /api/admin/contests share it. */
export const ZContestForm = z
  .object({
    title: contestFields.title,
    summary: contestFields.summary,
    details: optionalText(4000, "Details must be at most 4000 characters."),
    prize: optionalText(200, "Prize must be at most 200 characters."),
    coverUrl: contestFields.coverUrl,
    startsAt: instant,
    endsAt: instant,
    status: z.enum(CONTEST_STATUSES, "Choose a status.").default("open"),
    packIds: contestFields.packIds,
  })
  .refine((form) => !form.startsAt || !form.endsAt || form.startsAt < form.endsAt, {
    message: "End time must be after start time.",
    path: ["endsAt"],
  });
export type ContestForm = z.infer<typeof ZContestForm>;

/** GET /api/admin/contests/pack-search: the addPacksToContest dialog's search. */
export const ZContestPackSearchQuery = z.object({
  search: z.string().trim().max(100).default(""),
  league: z
    .enum(["all", ...SUPPORTED_LEAGUES])
    .catch("all")
    .default("all"),
});

/** A pack row of the addPacksToContest table and the contest form (the pack search's answer). */
export const ZPackOption = z.object({
  ...packRowFields,
  league: z.string(),
  status: z.string(),
  propsCount: z.number(),
});
export type PackOption = z.output<typeof ZPackOption>;

/** GET /api/admin/contests/pack-search: the packs found. */
export const ZPackSearchAnswer = z.object({ packs: z.array(ZPackOption) });

/** POST /api/admin/contests and PATCH /api/admin/contests/{contestID}: the contest saved. */
export const ZSavedContest = z.object({ id: z.string(), contestID: z.string() });

/** A contest as cards, pages and the admin list show it (`status` with the clock and grading applied, `adminStatus` as chosen). */
export const ZContestSummary = z.object({
  id: z.string(),
  /** The public id in links (`/contests/{contestID}`): the slug. */
  contestID: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  details: z.string().nullable(),
  coverUrl: z.string().nullable(),
  prize: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** What players see now (clock and grading applied). */
  status: z.enum(CONTEST_STATUSES),
  /** What the admin chose. */
  adminStatus: z.enum(CONTEST_STATUSES),
  packCount: z.number(),
  gradedPackCount: z.number(),
  /** Handles ranked first once every pack is graded (several when tied); empty before. */
  winners: z.array(z.string()),
});
export type ContestSummary = z.infer<typeof ZContestSummary>;

/** GET /api/admin/contests: every contest, drafts included. */
export const ZAdminContestsAnswer = z.object({ contests: z.array(ZContestSummary) });

/** GET /api/admin/contests/{contestID}: one contest with every linked pack, drafts included, as the form lists them. */
export const ZAdminContestAnswer = z.object({ contest: ZContestSummary, packs: z.array(ZPackOption) });
export type AdminContest = z.infer<typeof ZAdminContestAnswer>;
export type SavedContest = z.infer<typeof ZSavedContest>;
