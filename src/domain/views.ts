// The shapes use-cases in src/server hand to pages and components. They live
// in src/domain so components can name them without importing src/server
// (docs/FENCES.md).
import type { GameScoreInput } from "./game-score";
import type { LiveGameSeed } from "./live";
import type { PackChip, PackPhase } from "./pack-state";
import type { PriceChart } from "./prices";

/** A prop as the grading screens show it, and one in the grading queue: their schemas are the answers' (src/domain/schemas/grading.ts). */
export type { PropForGrading, QueuedProp } from "./schemas/grading";

/** One of the first games of a pack, as its card's score line shows it (docs/SCREENS.md §2.2 item 9). */
export interface PackGame extends GameScoreInput {
  /** The event's id: the live islands watch it (docs/decisions/053-game-day-live.md). */
  id: string;
  startTime: Date;
  liveState: string | null;
  liveVersion: number | null;
  scoreReadAt: Date | null;
}

/**
 * What every player's view of a pack says of it (the feed's card, PackSummary below, and the pack
 * page, src/server/packs/get-pack-page.ts): which pack, its state as the chip and the feed's phase
 * show it (src/domain/pack-state.ts), its cover, summary, window and creator.
 */
export interface PackHead {
  id: string;
  packURL: string;
  title: string;
  league: string;
  status: string;
  chip: PackChip;
  phase: PackPhase;
  coverUrl: string | null;
  summary: string | null;
  openTime: Date | null;
  closeTime: Date | null;
  creatorHandle: string | null;
}

export interface PackSummary extends PackHead {
  prizeTitle: string | null;
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
  /** The live poller's reading (docs/decisions/053-game-day-live.md). */
  liveState: string | null;
  liveVersion: number | null;
  scoreReadAt: Date | null;
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
  /** The prop's line chart (decision 056); null with fewer than two prices. */
  chart: PriceChart | null;
}

export interface TeaserItem {
  id: string;
  name: string;
  tokens: number;
  imageUrl: string | null;
  brand: string | null;
}

/** A pack on a team page (src/server/teams/get-team-page.ts, src/components/teams/team-pack-list.tsx). */
export interface TeamPagePack {
  packUrl: string;
  title: string;
  league: string;
  status: string;
  coverUrl: string | null;
  openTime: string | null;
  closeTime: string | null;
  firstEventTime: string | null;
  winnerHandle: string | null;
  winnerPoints: number | null;
  /** The team's game in the pack, for its live score line (docs/decisions/053-game-day-live.md). */
  game: LiveGameSeed | null;
}

/** A pack as the contest and series pages list it. */
export interface ListedPack {
  id: string;
  packURL: string;
  title: string;
  league: string;
  summary: string | null;
  coverUrl: string | null;
  prizeTitle: string | null;
  /** "Active", "Coming soon", "Closed", "Live" or "Graded" (docs/SCREENS.md §2.2). */
  chip: "Active" | "Coming soon" | "Closed" | "Live" | "Graded";
  openTime: string | null;
  closeTime: string | null;
  firstEventTime: string | null;
  propsCount: number;
  takeCount: number;
}
