export const COMPILE_HINT: string;
export function startupChunks(distDir: string): string[];
export function readClientReferenceManifest(file: string): Array<{ entryJSFiles?: Record<string, string[]> }>;
export function hasCompileHint(source: string): boolean;
export function addCompileHints(distDir: string): { chunks: string[]; added: number };
export function markStartupChunks(distDir: string): boolean;
