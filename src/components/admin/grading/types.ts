/** A prop as the admin grading screens receive it from the server: the server's own shape (a type only, nothing of the server is bundled). */
export type { PropForGrading as GradableProp } from "@/server/grading/get-props-for-grading";

/** What POST /api/admin/gradeProps answers. */
export interface GradePropsResponse {
  success: boolean;
  error?: string;
  results: Array<{ propId: string; changed: boolean; takesUpdated: number; status: string }>;
  errors: Array<{ propId: string; error: string }>;
  packs: Array<{ packURL: string; title: string; status: string; becameGraded: boolean }>;
  textsQueued: number;
}
