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
  const body = (await response.json().catch(() => ({}))) as { success?: boolean; profileID?: unknown; error?: unknown };
  if (response.ok && body.success && typeof body.profileID === "string") return { saved: true, profileID: body.profileID };
  if ((response.status === 400 || response.status === 409) && typeof body.error === "string") {
    return { saved: false, reason: "refused", message: body.error };
  }
  return { saved: false, reason: "failed" };
}
