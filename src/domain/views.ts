// The shapes use-cases in src/server hand to pages and components. They live
// in src/domain so components can name them without importing src/server
// (docs/FENCES.md).
import type { GameScoreInput } from "./game-score";
import type { PropOutcome } from "./grading";
import type { PackChip, PackPhase } from "./pack-state";

export interface PropForGrading {
  propId: string;
  packURL: string;
  packTitle: string;
  shortLabel: string;
  title: string;
  summary: string | null;
  sideAShort: string;
  sideBShort: string;
  status: string;
  outcome: PropOutcome | null;
  resultText: string | null;
  gradingRule: string | null;
  /**
   * For a prop with a rule: what the auto-grader would do with the game as imported: "ready"
   * with the result it would record, "waiting" (the game is not final) or "invalid" (the rule's
   * settings are wrong), each with words for the admin. Null for a manual prop.
   */
  autoGrade: { state: "ready" | "waiting" | "invalid"; detail: string } | null;
  takeCount: number;
  /**
   * The auto-grader's last few attempts at this prop, newest first (docs/decisions/041-auto-grade-run-log.md):
   * what it did or why it did not grade, with when it first and last decided so. Empty before its first try.
   */
  autoGradeLog: Array<{ outcome: "graded" | "waiting" | "skipped" | "error"; reason: string; firstAt: string; lastAt: string; attempts: number }>;
  event: {
    title: string;
    status: string;
    statusDetail: string | null;
    startTime: string;
    homeScore: number | null;
    awayScore: number | null;
    boxScoreUrl: string | null;
  } | null;
}

/** A prop in the grading queue (docs/SCREENS.md §3.14): what the grading screens show, and the result its rule suggests, when it can. */
export interface QueuedProp extends PropForGrading {
  suggested: { outcome: "A" | "B" | "push" | "void"; resultText: string } | null;
}

/** One of the first games of a pack, as its card's score line shows it (docs/SCREENS.md §2.2 item 9). */
export interface PackGame extends GameScoreInput {
  startTime: Date;
}

export interface PackSummary {
  id: string;
  packURL: string;
  title: string;
  league: string;
  status: string;
  chip: PackChip;
  phase: PackPhase;
  coverUrl: string | null;
  summary: string | null;
  prizeTitle: string | null;
  openTime: Date | null;
  closeTime: Date | null;
  createdAt: Date;
  /** Start of the first game, if the pack has games. */
  eventTime: Date | null;
  /** New York day of the first game (else open, else close time). */
  day: string | null;
  /** The first PACK_CARD_GAMES games by start time, with their scores once started. */
  games: PackGame[];
  propsCount: number;
  takeCount: number;
  /** Props the viewer has a current take on; null for visitors. */
  viewerProgress: number | null;
  winner: { handle: string; points: number } | null;
  creatorHandle: string | null;
  featured: boolean;
  teams: Array<{ slug: string; name: string; logoUrl: string | null; league: string }>;
  series: Array<{ slug: string; title: string }>;
}

export interface PackEventView {
  id: string;
  title: string;
  shortName: string | null;
  startTime: Date;
  status: string;
  statusDetail: string | null;
  homeScore: number | null;
  awayScore: number | null;
  home: { name: string; abbreviation: string; slug: string; logoUrl: string | null } | null;
  away: { name: string; abbreviation: string; slug: string; logoUrl: string | null } | null;
  espnEventId: string | null;
}

export interface PropView {
  id: string;
  position: number;
  shortLabel: string;
  title: string;
  summary: string | null;
  status: string;
  /** Takes picks now: the pack accepts takes and the prop is open (src/domain/pack-state.ts). */
  open: boolean;
  /** The card's status chip: "Open", "Opens soon", "Closed", "Graded" or "Void". */
  statusLabel: string;
  closeTime: Date | null;
  resultText: string | null;
  thumbnailUrl: string | null;
  sides: Record<"A" | "B", { short: string; take: string; value: number }>;
  event: PackEventView | null;
  /** The viewer's current take. */
  viewerTake: { side: "A" | "B"; lockedValue: number; result: string; points: number; tokensCents: number } | null;
  /** Takes per side; only once the pack has closed (picks are private before). */
  split: { A: number; B: number } | null;
}

export interface TeaserItem {
  id: string;
  name: string;
  tokens: number;
  imageUrl: string | null;
  brand: string | null;
}

