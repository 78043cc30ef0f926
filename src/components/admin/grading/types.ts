/** A prop as the admin grading screens receive it from the server (the shape lives in src/domain/views.ts). */
export type { PropForGrading as GradableProp } from "@/domain/views";

/** What POST /api/admin/gradeProps answers. */
export interface GradePropsResponse {
  success: boolean;
  error?: string;
  results: Array<{ propId: string; changed: boolean; takesUpdated: number; status: string }>;
  errors: Array<{ propId: string; error: string }>;
  packs: Array<{ packURL: string; title: string; status: string; becameGraded: boolean }>;
  textsQueued: number;
}
