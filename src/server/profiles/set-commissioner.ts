import "server-only";
import { sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import type { CommissionerResult } from "@/domain/schemas/admin-players";

/**
 * Grants or takes back the commissioner role (docs/decisions/064-commissioner-role.md): the
 * player may then build, open and grade packs, and nothing else of the admin area. Only a super
 * admin calls this (the route is not open to commissioners). Audited with the reason, in the same
 * transaction, the row locked; asking for the state the player is already in is a conflict, so a
 * double click changes nothing twice. Takes effect at the player's next admin request: every admin
 * request reads the role from the database.
 */
export async function setCommissioner(input: {
  profileId: string;
  commissioner: boolean;
  reason: string;
  actorProfileId: string;
}): Promise<CommissionerResult> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError("BAD_REQUEST", "A reason is required.");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await selectRows(
      tx,
      sql`select commissioner, super_admin, deleted_at from profiles where id = ${input.profileId} for update`,
      rowShape((r) => ({ commissioner: r.bool("commissioner"), superAdmin: r.bool("super_admin"), deletedAt: r.dateOrNull("deleted_at") })),
    );
    if (!current || current.deletedAt) throw new AppError("NOT_FOUND", "Player not found.");
    if (input.commissioner && current.superAdmin) throw new AppError("CONFLICT", "This player is a super admin already.");
    if (current.commissioner === input.commissioner) {
      throw new AppError("CONFLICT", input.commissioner ? "This player is a commissioner already." : "This player is not a commissioner.");
    }
    await tx.execute(sql`update profiles set commissioner = ${input.commissioner}, updated_at = now() where id = ${input.profileId}`);
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: input.commissioner ? "profile.grant_commissioner" : "profile.revoke_commissioner",
      entityType: "profile",
      entityId: input.profileId,
      before: { commissioner: current.commissioner },
      after: { commissioner: input.commissioner, reason },
    });
    return { commissioner: input.commissioner };
  });
}
