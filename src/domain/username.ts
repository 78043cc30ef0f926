export const USERNAME_RULE_MESSAGE = "Username must be 3–20 chars: letters, numbers, or underscores.";
export const SAME_USERNAME_MESSAGE = "That is already your username.";
export const USERNAME_TAKEN_MESSAGE = "That username is taken.";
export const USERNAME_RESERVED_MESSAGE = "Usernames like taker123456 are reserved.";

const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
const GENERATED_HANDLE_PATTERN = /^taker[0-9]{6}$/i;

export function isGeneratedHandle(handle: string): boolean {
  return GENERATED_HANDLE_PATTERN.test(handle);
}

/** The message to show for a proposed username, or null when it may be saved. */
export function usernameProblem(proposed: string, current?: string | null): string | null {
  const candidate = proposed.trim();
  if (!USERNAME_PATTERN.test(candidate)) return USERNAME_RULE_MESSAGE;
  if (current && candidate.toLowerCase() === current.toLowerCase()) return SAME_USERNAME_MESSAGE;
  if (isGeneratedHandle(candidate)) return USERNAME_RESERVED_MESSAGE;
  return null;
}
