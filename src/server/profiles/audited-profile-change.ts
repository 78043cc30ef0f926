import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb, type Tx } from "@/server/db/client";
import { selectRows, type RowShape } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";

/** What a change to a profile's flag wrote: the audit entry's action and states, and the caller's answer. */
interface ProfileChange<Result> {
  action: string;
  before: unknown;
  after: unknown;
  result: Result;
}

/**
 * One admin change to a profile's flag (commissioner, suspension: docs/SCREENS.md §3.13,
 * docs/decisions/064-commissioner-role.md), the way each must be made: a reason is required, the
 * profile's row is read locked (an unknown profile is not found), `change` checks and writes it,
 * and the audit entry lands in the same transaction.
 */
export async function changeProfileAudited<Row, Result>(
  input: { profileId: string; reason: string; actorProfileId: string },
  read: { columns: SQL; shape: RowShape<Row> },
  change: (tx: Tx, current: Row, reason: string) => Promise<ProfileChange<Result>>,
): Promise<Result> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError("BAD_REQUEST", "A reason is required.");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await selectRows(tx, sql`select ${read.columns} from profiles where id = ${input.profileId} for update`, read.shape);
    if (!current) throw new AppError("NOT_FOUND", "Player not found.");
    const written = await change(tx, current, reason);
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: written.action,
      entityType: "profile",
      entityId: input.profileId,
      before: written.before,
      after: written.after,
    });
    return written.result;
  });
}
