import "server-only";
import { sql } from "drizzle-orm";
import { rowShape } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import type { CommissionerResult } from "@/domain/schemas/admin-players";
import { changeProfileAudited } from "./audited-profile-change";

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
  return changeProfileAudited(
    input,
    {
      columns: sql`commissioner, super_admin, deleted_at`,
      shape: rowShape((r) => ({
        commissioner: r.bool("commissioner"),
        superAdmin: r.bool("super_admin"),
        deletedAt: r.dateOrNull("deleted_at"),
      })),
    },
    async (tx, current, reason) => {
      if (current.deletedAt) throw new AppError("NOT_FOUND", "Player not found.");
      if (input.commissioner && current.superAdmin) throw new AppError("CONFLICT", "This player is a super admin already.");
      if (current.commissioner === input.commissioner) {
        throw new AppError(
          "CONFLICT",
          input.commissioner ? "This player is a commissioner already." : "This player is not a commissioner.",
        );
      }
      await tx.execute(sql`update profiles set commissioner = ${input.commissioner}, updated_at = now() where id = ${input.profileId}`);
      return {
        action: input.commissioner ? "profile.grant_commissioner" : "profile.revoke_commissioner",
        before: { commissioner: current.commissioner },
        after: { commissioner: input.commissioner, reason },
        result: { commissioner: input.commissioner },
      };
    },
  );
}
