import { countOf } from "./plural";
import { nyWallClock } from "./time";

/**
 * The audit log in words (docs/SCREENS.md §3.1, docs/decisions/038-readable-audit-log.md): who did
 * what to which thing, and what changed, as "Status: open → closed", instead of
 * "prop.status prop 0749c9b1" and two JSON blobs.
 */

/** The audit log's "Who" value for the system's own entries (a handle cannot hold brackets). */
export const SYSTEM_ACTOR = "(system)";

/** The kinds of things the log can be filtered by, with the word for each. */
export const AUDIT_SUBJECTS = [
  "pack",
  "prop",
  "event",
  "team",
  "item",
  "contest",
  "series",
  "award_card",
  "profile",
  "member_password",
  "group",
  "database",
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

export const AUDIT_SUBJECT_WORDS: Record<AuditSubject, string> = {
  pack: "Packs",
  prop: "Props",
  event: "Events",
  team: "Teams",
  item: "Marketplace items",
  contest: "Contests",
  series: "Series",
  award_card: "Award cards",
  profile: "Players",
  member_password: "Members password",
  group: "Groups",
  database: "Database",
};

const NOUNS: Record<string, string> = {
  pack: "pack",
  prop: "prop",
  event: "event",
  team: "team",
  item: "item",
  contest: "contest",
  series: "series",
  award_card: "award card",
  profile: "player",
  member_password: "members password",
  group: "group",
  database: "database",
  standings_rule: "tie-breakers of the standings",
};

/** The verb phrase of an action; the noun is added from the entry's subject. */
const VERBS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  delete: "Deleted",
  status: "Changed the status of",
  summary: "Wrote the summary of",
  result_text: "Wrote the result of",
  set_winners: "Set the winners of",
  cover: "Drew the cover of",
  adjust: "Adjusted the balance of",
  grade: "Graded",
  regrade: "Re-graded",
  ungrade: "Took back the grade of",
  winners_rerun: "Worked out again the winners of",
  winners_cleared: "Cleared the winners of",
  add: "Added codes to",
  open_text: "Chose the opening text of",
  resend_results: "Resent the results texts of",
  pick_fix: "Fixed a pick of",
  // The texts of a pack's opening, paused, resumed or cancelled while they go out (decision 073).
  texts_pause: "Paused the opening texts of",
  texts_resume: "Resumed the opening texts of",
  texts_cancel: "Cancelled the opening texts of",
  graded: "Finished grading",
  ungraded: "Reopened the grading of",
  "reorder-props": "Reordered the props of",
  "create-super-prop": "Created a super prop in",
  "odds-refresh": "Refreshed the odds of",
  suspend: "Suspended",
  unsuspend: "Restored",
  delete_account: "Deleted the account of",
  set: "Set the",
  rotate: "Changed the",
  grant_commissioner: "Gave the commissioner role to",
  revoke_commissioner: "Took the commissioner role from",
  close_move: "Moved the close of",
  score: "Entered the result by hand of",
  // Groups an admin hid for abuse, or showed again (docs/decisions/066-groups.md).
  hide: "Hid",
  unhide: "Showed again",
};

const WHOLE: Record<string, string> = {
  seed: "Loaded the demo data",
  "events.import": "Imported games from ESPN",
  "teams.fetch": "Fetched teams from ESPN",
  "players.fetch": "Fetched athletes from ESPN",
  "item.codes.add": "Added codes to item",
  grant_super_admin_from_admin_phones: "Made an admin from ADMIN_PHONES",
  "props.close-due": "Closed every prop past its close time",
};

/**
 * Actions that come in runs as the side effect of one press (an import draws a cover per game;
 * a refresh prices each prop): consecutive entries of one of these, by the same admin, fold into
 * one line, as do consecutive identical entries of the system (decision 064).
 */
export const FOLDED_AUDIT_ACTIONS = ["event.cover", "prop.odds-refresh", "prop.summary"] as const;

/** A run's own words where the generic "{verb} {n} {nouns}" would read badly. */
const FOLDED_WORDS: Record<string, (n: number) => string> = {
  "event.cover": (n) => `Drew ${countOf(n, "cover")}`,
  "prop.odds-refresh": (n) => `Refreshed the odds of ${countOf(n, "prop")}`,
};

const PLURAL_NOUNS: Record<string, string> = { series: "series", "members password": "members passwords" };

/**
 * The words of an action, or null when it has none and the log would show the raw key: the
 * unit test src/domain/audit-words.test.ts checks every action recorded in src has words.
 */
export function auditActionWords(action: string): string | null {
  return WHOLE[action] ?? VERBS[action.split(".").at(-1) ?? ""] ?? null;
}

/** "Created pack “Commanders at Eagles”", "Changed the status of prop “Who wins? (Week 12)”". */
export function describeAuditEntry(entry: {
  action: string;
  entityType: string;
  entityLabel: string | null;
  entityId: string | null;
}): string {
  const noun = NOUNS[entry.entityType] ?? entry.entityType.replace(/_/g, " ");
  const subject = entry.entityLabel ? `“${entry.entityLabel}”` : entry.entityId ? `${entry.entityId.slice(0, 8)}` : "";
  const whole = WHOLE[entry.action];
  if (whole) return entry.action === "item.codes.add" && subject ? `${whole} ${subject}` : whole;
  const verb = VERBS[entry.action.split(".").at(-1) ?? ""];
  const phrase = verb ? `${verb} ${noun}` : `${entry.action.replace(/[._]/g, " ")} (${noun})`;
  return subject ? `${phrase} ${subject}` : phrase;
}

const hhmm = (iso: string) => {
  const clock = nyWallClock(new Date(iso));
  return `${clock.hour}:${clock.minute}`;
};

/**
 * One line of the log: an entry in words, or a folded run of `folded` entries as one
 * ("Drew 14 covers, 09:02–09:05", New York time), the run's first and last times from
 * `firstAt` and `createdAt`.
 */
export function describeAuditLine(line: {
  action: string;
  entityType: string;
  entityLabel: string | null;
  entityId: string | null;
  folded?: number;
  firstAt?: string;
  createdAt: string;
}): string {
  const n = line.folded ?? 1;
  if (n <= 1) return describeAuditEntry(line);
  const noun = NOUNS[line.entityType] ?? line.entityType.replace(/_/g, " ");
  const whole = WHOLE[line.action];
  const verb = VERBS[line.action.split(".").at(-1) ?? ""];
  const words =
    FOLDED_WORDS[line.action]?.(n) ??
    (whole
      ? `${whole} (${n} times)`
      : verb
        ? `${verb} ${countOf(n, noun, PLURAL_NOUNS[noun])}`
        : `${line.action.replace(/[._]/g, " ")} (${n} times)`);
  const from = hhmm(line.firstAt ?? line.createdAt);
  const to = hhmm(line.createdAt);
  return `${words}, ${from === to ? from : `${from}–${to}`}`;
}

const words = (key: string) => {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Each field that differs between before and after, as "Field: old → new" (a creation lists what it set). */
export function describeAuditChanges(before: unknown, after: unknown): string[] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const lines: string[] = [];
  for (const key of keys) {
    const was = b[key];
    const now = a[key];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    lines.push(
      key in b && key in a
        ? `${words(key)}: ${show(was)} → ${show(now)}`
        : key in a
          ? `${words(key)}: ${show(now)}`
          : `${words(key)}: ${show(was)} (removed)`,
    );
  }
  return lines;
}
