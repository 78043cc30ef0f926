import { isValidMoneyline, sideValue } from "@/domain/points";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";

export type GradingChoice = "manual" | "who_wins" | "total_over_under" | "spread";

/** The prop form's state: everything as the inputs hold it (strings), converted on submit. */
export interface PropDraft {
  eventId: string | null;
  shortLabel: string;
  summary: string;
  sideAShort: string;
  sideATake: string;
  sideAMoneyline: string;
  sideBShort: string;
  sideBTake: string;
  sideBMoneyline: string;
  /** ET datetime-local value. */
  closeTime: string;
  gradingRule: GradingChoice;
  line: string;
  overSide: "A" | "B";
  homeSide: "A" | "B";
  spreadTeam: "home" | "away";
  teamSide: "A" | "B";
}

export const EMPTY_DRAFT: PropDraft = {
  eventId: null,
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

/** The request body for POST/PATCH prop routes (the server validates everything again). */
export function draftToRequest(draft: PropDraft): Record<string, unknown> {
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
    eventId: draft.eventId,
    shortLabel: draft.shortLabel,
    summary: draft.summary,
    sideAShort: draft.sideAShort,
    sideATake: draft.sideATake,
    sideAMoneyline: moneyline(draft.sideAMoneyline),
    sideBShort: draft.sideBShort,
    sideBTake: draft.sideBTake,
    sideBMoneyline: moneyline(draft.sideBMoneyline),
    closeTime: fromNyDateTimeInput(draft.closeTime),
    gradingRule: draft.gradingRule,
    gradingParams,
  };
}

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
  const params = (prop.gradingParams ?? {}) as Record<string, unknown>;
  const side = (value: unknown, fallback: "A" | "B"): "A" | "B" => (value === "A" || value === "B" ? value : fallback);
  return {
    eventId: prop.eventId,
    shortLabel: prop.propShort,
    summary: prop.propSummary ?? "",
    sideAShort: prop.propSideAShort,
    sideATake: prop.propSideATake,
    sideAMoneyline: prop.sideAMoneyline === null ? "" : String(prop.sideAMoneyline),
    sideBShort: prop.propSideBShort,
    sideBTake: prop.propSideBTake,
    sideBMoneyline: prop.sideBMoneyline === null ? "" : String(prop.sideBMoneyline),
    closeTime: toNyDateTimeInput(prop.closeTime),
    gradingRule: (["who_wins", "total_over_under", "spread"].includes(prop.gradingRule ?? "") ? prop.gradingRule : "manual") as GradingChoice,
    line: typeof params.line === "number" ? String(params.line) : "",
    overSide: side(params.overSide, "A"),
    homeSide: side(params.homeSide, "B"),
    spreadTeam: params.team === "away" ? "away" : "home",
    teamSide: side(params.teamSide, "A"),
  };
}
