// Rival records (docs/decisions/069-rivals-and-the-ai-player.md): pure rules, so the SQL that
// counts them and the recomputation the property test makes agree on one statement.

/** A lifetime record: won–lost–tied. */
export interface WonLostTied {
  won: number;
  lost: number;
  tied: number;
}

/** A viewer's record against one other player: pack by pack, and in settled head-to-heads. */
export interface RivalRecord {
  packs: WonLostTied;
  h2h: WonLostTied;
}

/** A pack two players can still be challenged on, for a rematch. */
export interface RematchPack {
  packURL: string;
  title: string;
}

/** What a profile page shows of rivalries (src/server/rivals/get-profile-rivalry.ts). */
export interface ProfileRivalry {
  isAi: boolean;
  againstViewer: RivalRecord | null;
  rematchPack: RematchPack | null;
  againstAi: WonLostTied | null;
}

/** A player's points against the AI player's on one graded pack (src/server/rivals/get-pack-vs-ai.ts). */
export interface PackVsAiScore {
  points: number;
  aiPoints: number;
  outcome: keyof WonLostTied;
}

/** One line of the Rivals section (src/server/rivals/list-rivals.ts). */
export interface Rival {
  handle: string;
  /** Head-to-heads played with them (accepted or settled). */
  played: number;
  record: RivalRecord;
  /** The pack a rematch would be on, or null when none is open. */
  rematchPack: RematchPack | null;
}

export const EMPTY_RECORD: WonLostTied = { won: 0, lost: 0, tied: 0 };

/**
 * One pack both players played, once it is graded: more points on the pack wins, equal points
 * tie (props won do not break it: a pack record is about points, a head-to-head about its own
 * rule, src/domain/h2h.ts).
 */
export function packOutcome(myPoints: number, theirPoints: number): keyof WonLostTied {
  if (myPoints > theirPoints) return "won";
  if (myPoints < theirPoints) return "lost";
  return "tied";
}

/** "7–3–1" */
export const formatWonLostTied = (record: WonLostTied): string => `${record.won}–${record.lost}–${record.tied}`;

export const hasPlayed = (record: WonLostTied): boolean => record.won + record.lost + record.tied > 0;
