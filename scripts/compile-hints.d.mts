export const COMPILE_HINT: string;
export function startupChunks(distDir: string): string[];
export function clientReferenceManifests(dir: string): string[];
export function readClientReferenceManifest(
  file: string,
): Array<{ entryJSFiles?: Record<string, string[]>; entryCSSFiles?: Record<string, unknown[]> }>;
export function hasCompileHint(source: string): boolean;
export function addCompileHints(distDir: string): { chunks: string[]; added: number };
export function markStartupChunks(distDir: string): boolean;
