// Pure rules for admin authoring, shared by the forms and the server.

/** Pack URL slugs: lower-case letters, digits and dashes, 1–80 chars (also a DB CHECK). */
export const PACK_URL_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;
export const PACK_URL_MESSAGE = "Pack URL must be 1–80 lower-case letters, numbers or dashes, starting with a letter or number.";

/** "Chiefs vs. Chargers — Week 1!" → "chiefs-vs-chargers-week-1" (accents folded, at most 80 chars). */
export function slugify(text: string, maxLength = 80): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}

export const PACK_STATUSES = ["draft", "coming-soon", "open", "live", "graded", "archived"] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];

export const PACK_STATUS_LABELS: Record<PackStatus, string> = {
  draft: "Draft",
  "coming-soon": "Coming soon",
  open: "Open",
  live: "Live",
  graded: "Graded",
  archived: "Archived",
};

/**
 * Which status an admin may move a pack to from each status. `graded` is set
 * by grading (every prop graded), not by hand, and a graded pack can only be
 * archived; an archived pack can be brought back as a draft.
 */
export const PACK_STATUS_TRANSITIONS: Record<PackStatus, readonly PackStatus[]> = {
  draft: ["coming-soon", "open", "archived"],
  "coming-soon": ["draft", "open", "archived"],
  open: ["coming-soon", "live", "archived"],
  live: ["open", "archived"],
  graded: ["archived"],
  archived: ["draft"],
};

export function canTransitionPack(from: PackStatus, to: PackStatus): boolean {
  return from === to || PACK_STATUS_TRANSITIONS[from].includes(to);
}

export const PROP_STATUSES = ["open", "closed", "gradedA", "gradedB", "push", "void"] as const;
export type PropStatus = (typeof PROP_STATUSES)[number];

/** Auto-grading rules (docs/PRODUCT.md §5) and the parameters each needs; see src/domain/auto-grade.ts. */
export const GRADING_RULES = ["who_wins", "total_over_under", "spread"] as const;
export type GradingRule = (typeof GRADING_RULES)[number];
export const GRADING_RULE_LABELS: Record<GradingRule | "manual", string> = {
  manual: "Manual Grade",
  who_wins: "Who Wins",
  total_over_under: "Total Over/Under",
  spread: "Spread",
};
