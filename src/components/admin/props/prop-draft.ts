import type { Path } from "react-hook-form";
import type { z } from "zod";
import { isValidMoneyline, sideValue } from "@/domain/points";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";

const GRADING_CHOICES = ["manual", "who_wins", "total_over_under", "spread"] as const;
export type GradingChoice = (typeof GRADING_CHOICES)[number];

/**
 * The prop form's values (react-hook-form, docs/decisions/047-admin-forms.md): everything as the
 * controls hold it (strings), mapped to the request on submit by `draftToRequest`.
 */
export interface PropDraft {
  /** "" for no event. */
  eventId: string;
  shortLabel: string;
  summary: string;
  sideAShort: string;
  sideATake: string;
  sideAMoneyline: string;
  sideBShort: string;
  sideBTake: string;
  sideBMoneyline: string;
  /** New York wall clock, as the datetime-local control holds it. */
  closeTime: string;
  gradingRule: GradingChoice;
  line: string;
  overSide: "A" | "B";
  homeSide: "A" | "B";
  spreadTeam: "home" | "away";
  teamSide: "A" | "B";
  /** The addProp dialog's pack fields (the pack a new prop goes to, or a super prop's own pack); the edit page leaves them empty. */
  packId: string;
  packTitle: string;
  packUrl: string;
}

export const EMPTY_DRAFT: PropDraft = {
  eventId: "",
  shortLabel: "",
  summary: "",
  sideAShort: "",
  sideATake: "",
  sideAMoneyline: "",
  sideBShort: "",
  sideBTake: "",
  sideBMoneyline: "",
  closeTime: "",
  gradingRule: "manual",
  line: "",
  overSide: "A",
  homeSide: "B",
  spreadTeam: "home",
  teamSide: "A",
  packId: "",
  packTitle: "",
  packUrl: "",
};

/** A moneyline input: null when empty, NaN when not a valid American moneyline. */
export function parseMoneyline(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed.replace(/^\+/, ""));
  return isValidMoneyline(value) ? value : Number.NaN;
}

/** "= 375 pts" for +150; "= 250 pts" without a moneyline; null when the input is invalid. */
export function valuePreview(text: string): string | null {
  const moneyline = parseMoneyline(text);
  if (Number.isNaN(moneyline)) return null;
  return `= ${sideValue(moneyline)} pts`;
}

/**
 * The request body of the prop routes (src/domain/schemas/props.ts), before their schema: the form
 * checks it with the same schema, and the server checks it again. A moneyline or close time that
 * does not read is sent as typed, so the schema names the problem at its field.
 */
export function draftToRequest(draft: PropDraft) {
  const moneyline = (text: string) => {
    const value = parseMoneyline(text);
    return Number.isNaN(value) ? text : value;
  };
  const line = Number(draft.line);
  const gradingParams =
    draft.gradingRule === "who_wins"
      ? { homeSide: draft.homeSide }
      : draft.gradingRule === "total_over_under"
        ? { line, overSide: draft.overSide }
        : draft.gradingRule === "spread"
          ? { team: draft.spreadTeam, line, teamSide: draft.teamSide }
          : null;
  return {
    eventId: draft.eventId || null,
    shortLabel: draft.shortLabel,
    summary: draft.summary,
    sideAShort: draft.sideAShort,
    sideATake: draft.sideATake,
    sideAMoneyline: moneyline(draft.sideAMoneyline),
    sideBShort: draft.sideBShort,
    sideBTake: draft.sideBTake,
    sideBMoneyline: moneyline(draft.sideBMoneyline),
    closeTime: draft.closeTime.trim() ? (fromNyDateTimeInput(draft.closeTime) ?? draft.closeTime) : null,
    gradingRule: draft.gradingRule,
    gradingParams,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isGradingChoice = (value: unknown): value is GradingChoice => GRADING_CHOICES.some((choice) => choice === value);

/** A prop as the API returns it, back into the form. */
export function propToDraft(prop: {
  eventId: string | null;
  propShort: string;
  propSummary: string | null;
  propSideAShort: string;
  propSideATake: string;
  sideAMoneyline: number | null;
  propSideBShort: string;
  propSideBTake: string;
  sideBMoneyline: number | null;
  closeTime: string | null;
  gradingRule: string | null;
  gradingParams: unknown;
}): PropDraft {
  const params = isRecord(prop.gradingParams) ? prop.gradingParams : {};
  const side = (value: unknown, fallback: "A" | "B"): "A" | "B" => (value === "A" || value === "B" ? value : fallback);
  return {
    ...EMPTY_DRAFT,
    eventId: prop.eventId ?? "",
    shortLabel: prop.propShort,
    summary: prop.propSummary ?? "",
    sideAShort: prop.propSideAShort,
    sideATake: prop.propSideATake,
    sideAMoneyline: prop.sideAMoneyline === null ? "" : String(prop.sideAMoneyline),
    sideBShort: prop.propSideBShort,
    sideBTake: prop.propSideBTake,
    sideBMoneyline: prop.sideBMoneyline === null ? "" : String(prop.sideBMoneyline),
    closeTime: toNyDateTimeInput(prop.closeTime),
    gradingRule: isGradingChoice(prop.gradingRule) ? prop.gradingRule : "manual",
    line: typeof params.line === "number" ? String(params.line) : "",
    overSide: side(params.overSide, "A"),
    homeSide: side(params.homeSide, "B"),
    spreadTeam: params.team === "away" ? "away" : "home",
    teamSide: side(params.teamSide, "A"),
  };
}

/**
 * Where each of the prop requests' fields is shown (for `showSchemaIssues`), in the order the form
 * shows them: the pack fields of the addProp dialog, then the prop's. The rule's parameters are
 * the line, the only one of them a person can get wrong; the rule itself is chosen from a list.
 */
export const PROP_FIELDS = {
  packId: "packId",
  packTitle: "packTitle",
  packUrl: "packUrl",
  eventId: "eventId",
  shortLabel: "shortLabel",
  summary: "summary",
  sideAShort: "sideAShort",
  sideATake: "sideATake",
  sideAMoneyline: "sideAMoneyline",
  sideBShort: "sideBShort",
  sideBTake: "sideBTake",
  sideBMoneyline: "sideBMoneyline",
  closeTime: "closeTime",
  gradingRule: "root",
  gradingParams: "line",
} as const satisfies Record<string, Path<PropDraft> | "root">;

/**
 * A request schema's issues in the order the form shows their fields, so the first field with a
 * problem on the screen is the one that takes the focus (the schema lists side B's label before
 * side A's take).
 */
export function inFormOrder(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const order: readonly string[] = Object.keys(PROP_FIELDS);
  const rank = (issue: z.core.$ZodIssue) => {
    const index = order.indexOf(String(issue.path[0] ?? ""));
    return index === -1 ? order.length : index;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b));
}
