export const SCAN_ROOTS: string[];
export const PENDING_DOCUMENTS: Set<string>;
export function headingSections(markdown: string): Set<string>;
export function checkDocCitations(root: string): Array<{ file: string; line: number; problem: string }>;
