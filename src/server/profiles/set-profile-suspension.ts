import "server-only";
import { sql } from "drizzle-orm";
import { rememberSessionVersion } from "@/server/auth/is-session-current";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import type { SuspensionResult } from "@/domain/schemas/admin-players";
import { changeProfileAudited } from "./audited-profile-change";

/**
 * Suspends or restores a player (docs/SCREENS.md §3.13), with the admin's
 * reason, audited. Suspending also bumps the profile's session_version, so
 * every session it holds ends at its next request (at once on this instance,
 * within SESSION_VERSION_CACHE_MS on others: docs/decisions/018-redirects-and-session-revocation.md);
 * sign-in refuses a suspended profile (docs/decisions/034-players-screen.md).
 * An admin cannot suspend themself; asking for the state the player is
 * already in is a conflict, so a double click changes nothing twice.
 */
export async function setProfileSuspension(input: {
  profileId: string;
  suspended: boolean;
  reason: string;
  actorProfileId: string;
}): Promise<SuspensionResult> {
  if (!input.reason.trim()) throw new AppError("BAD_REQUEST", "A reason is required.");
  if (input.suspended && input.profileId === input.actorProfileId) throw new AppError("CONFLICT", "You cannot suspend yourself.");
  const result = await changeProfileAudited(
    input,
    {
      columns: sql`suspended_at, suspended_reason`,
      shape: rowShape((r) => ({ suspended_at: r.dateOrNull("suspended_at"), suspended_reason: r.textOrNull("suspended_reason") })),
    },
    async (tx, current, reason) => {
      if (!!current.suspended_at === input.suspended) {
        throw new AppError("CONFLICT", input.suspended ? "This player is already suspended." : "This player is not suspended.");
      }
      const [updated] = await selectRows(
        tx,
        input.suspended
          ? sql`update profiles set suspended_at = now(), suspended_reason = ${reason},
                  session_version = session_version + 1, updated_at = now()
                where id = ${input.profileId} returning suspended_at, session_version`
          : sql`update profiles set suspended_at = null, suspended_reason = null, updated_at = now()
                where id = ${input.profileId} returning suspended_at, session_version`,
        rowShape((r) => ({ suspended_at: r.dateOrNull("suspended_at"), session_version: r.int("session_version") })),
      );
      const suspendedAt = updated!.suspended_at ? new Date(updated!.suspended_at).toISOString() : null;
      return {
        action: input.suspended ? "profile.suspend" : "profile.unsuspend",
        before: {
          suspendedAt: current.suspended_at ? new Date(current.suspended_at).toISOString() : null,
          suspendedReason: current.suspended_reason,
        },
        after: { suspendedAt, suspendedReason: input.suspended ? reason : null, reason },
        result: { suspendedAt, sessionVersion: Number(updated!.session_version) },
      };
    },
  );
  if (input.suspended) rememberSessionVersion(input.profileId, result.sessionVersion);
  return { suspendedAt: result.suspendedAt };
}
