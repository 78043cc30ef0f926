import { VRefusal } from "@/domain/schemas/common";
import { VUsernameSaved } from "@/domain/schemas/session";
import { checkWith } from "@/domain/schemas/standard";

export type SaveUsernameResult =
  | { saved: true; profileID: string }
  /** The server refused the name and said why (rules, same name, taken). */
  | { saved: false; reason: "refused"; message: string }
  /** The server answered, but not with a reason we can show. */
  | { saved: false; reason: "failed" }
  /** No answer at all (offline, network error). */
  | { saved: false; reason: "unreachable" };

/** POST /api/profile/updateUsername for the signed-in player. */
export async function saveUsername(username: string): Promise<SaveUsernameResult> {
  let response: Response;
  try {
    response = await fetch("/api/profile/updateUsername", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username }),
    });
  } catch {
    return { saved: false, reason: "unreachable" };
  }
  const body: unknown = await response.json().catch(() => ({}));
  const saved = checkWith(VUsernameSaved, body);
  if (response.ok && saved.ok) return { saved: true, profileID: saved.value.profileID };
  const refused = checkWith(VRefusal, body);
  if ((response.status === 400 || response.status === 409) && refused.ok) {
    return { saved: false, reason: "refused", message: refused.value.error };
  }
  return { saved: false, reason: "failed" };
}
