/** A prop as the admin grading screens receive it from the server (the shape lives in src/domain/views.ts). */
export type { PropForGrading as GradableProp } from "@/domain/views";
