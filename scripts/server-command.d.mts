export const SERVER_NODE_FLAGS: string[];
export function serverCommand(args?: string[], extraNodeFlags?: string[]): [string, string[]];
