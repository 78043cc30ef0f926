/** A prop as the admin grading screens receive it from the server (the shape lives in src/domain/views.ts). */
export type { PropForGrading as GradableProp } from "@/domain/views";

/** What POST /api/admin/gradeProps answers. */
export interface GradePropsResponse {
  success: boolean;
  error?: string;
  results: Array<{ propId: string; changed: boolean; takesUpdated: number; status: string }>;
  errors: Array<{ propId: string; error: string }>;
  packs: Array<{ packURL: string; title: string; status: string; becameGraded: boolean; winners: WinnersChange | null }>;
  textsQueued: number;
  correctionTexts: number;
}

export interface PackWinner {
  handle: string | null;
  points: number | null;
}

/** A pack's stored winners after a re-grade: worked out again, or cleared until it is graded again. */
export interface WinnersChange {
  action: "rerun" | "cleared";
  before: PackWinner;
  after: PackWinner | null;
}

/** POST /api/admin/gradeProps/preview: what saving would change for players of props graded before. */
export interface RegradePreviewResponse {
  success: boolean;
  error?: string;
  props: Array<{
    propId: string;
    shortLabel: string;
    packTitle: string;
    before: string;
    after: string;
    affected: number;
    more: number;
    players: Array<{ handle: string; pointsBefore: number; pointsAfter: number; diamondsBefore: number; diamondsAfter: number }>;
  }>;
  winners: Array<WinnersChange & { packURL: string; title: string }>;
}
