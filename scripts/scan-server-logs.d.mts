export function sentCodes(smsLogs: string[]): Set<string>;
export function scanServerLogs(
  root: string,
  since?: number,
): { findings: Array<{ file: string; line: number; why: string }>; codes: number };
export function scanTestOutput(text: string): Array<{ line: number; why: string }>;
