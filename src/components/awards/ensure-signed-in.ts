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
}: {
  status: SessionStatus;
  update: () => Promise<SessionData | null>;
  openModal: (type: DialogType, props?: Record<string, unknown>) => Promise<unknown>;
  title: string;
  buttonLabel: string;
}): Promise<boolean> {
  if (status === "authenticated") return true;
  await openModal("login", { title, buttonLabel });
  return !!(await update());
}
