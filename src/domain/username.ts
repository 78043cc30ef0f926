export const USERNAME_RULE_MESSAGE = "Username must be 3–20 chars: letters, numbers, or underscores.";
export const SAME_USERNAME_MESSAGE = "That is already your username.";
export const USERNAME_RESERVED_MESSAGE = "Usernames like taker123456 are reserved.";
export const USERNAME_OFFICIAL_MESSAGE = "That username is reserved.";

const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
const GENERATED_HANDLE_PATTERN = /^taker[0-9]{6}$/i;
/** The anonymous handle a deleted account goes by (docs/decisions/057-account-deletion-and-game-rules.md). */
export const DELETED_HANDLE_PREFIX = "deleted_";

export function isGeneratedHandle(handle: string): boolean {
  return GENERATED_HANDLE_PATTERN.test(handle);
}

// Names a player could use to pass as the game itself or its staff (a text or a
// leaderboard row from "support" asking for a code). Compared without case,
// underscores and digits, alone or behind "takes"/"the"/"official", so
// "Admin_1", "takes_support" and "TheModerator" are all refused while
// "badminton" or "supportive_fan" stay free (docs/decisions/019-public-surface.md).
// "commish" is the league commissioner's nickname and the demo admin's handle.
const RESERVED_WORDS = [
  "admin",
  "administrator",
  "admins",
  "support",
  "help",
  "helpdesk",
  "staff",
  "moderator",
  "mod",
  "mods",
  "official",
  "system",
  "root",
  "security",
  "team",
  "owner",
  "commissioner",
  "commish",
  "takes",
  "takesteam",
  "api",
  "login",
  "logout",
  "signin",
  "signout",
  "null",
  "undefined",
  "anonymous",
  "me",
  "you",
  // The AI player is "TakesAI" (docs/decisions/069-rivals-and-the-ai-player.md): nobody may pass as it.
  "ai",
  "bot",
];
const RESERVED_PREFIXES = ["", "takes", "the", "official", "real"];
const RESERVED = new Set(RESERVED_PREFIXES.flatMap((prefix) => RESERVED_WORDS.map((word) => prefix + word)));

/** True for names that could pass as the game or its staff. */
export function isReservedUsername(name: string): boolean {
  return RESERVED.has(name.toLowerCase().replace(/[_0-9]/g, ""));
}

/** The message to show for a proposed username, or null when it may be saved. */
export function usernameProblem(proposed: string, current?: string | null): string | null {
  const candidate = proposed.trim();
  if (!USERNAME_PATTERN.test(candidate)) return USERNAME_RULE_MESSAGE;
  if (current && candidate.toLowerCase() === current.toLowerCase()) return SAME_USERNAME_MESSAGE;
  if (isGeneratedHandle(candidate)) return USERNAME_RESERVED_MESSAGE;
  if (isReservedUsername(candidate) || candidate.toLowerCase().startsWith(DELETED_HANDLE_PREFIX)) return USERNAME_OFFICIAL_MESSAGE;
  return null;
}
