import type { DialogType } from "@/components/dialogs/dialog-types";
import type { SessionData, SessionStatus } from "@/components/shell/session";

/**
 * Visitors sign in inside the flow: opens `login` with the flow's own title and
 * button, then re-reads the session. True once there is a signed-in player.
 */
export async function ensureSignedIn({
  status,
  update,
  openModal,
  title,
  buttonLabel,
  flowSaysSo = false,
}: {
  status: SessionStatus;
  update: () => Promise<SessionData | null>;
  openModal: (type: DialogType, props?: Record<string, unknown>) => Promise<unknown>;
  title: string;
  buttonLabel: string;
  /**
   * The flow's own next dialog says it worked (a claimed card's "bonus added"): no "You are now
   * signed in." in between, one dialog fewer in a row (issue 39 item 3).
   */
  flowSaysSo?: boolean;
}): Promise<boolean> {
  if (status === "authenticated") return true;
  await openModal("login", { title, buttonLabel, ...(flowSaysSo ? { reason: "continue" } : {}) });
  return !!(await update());
}
