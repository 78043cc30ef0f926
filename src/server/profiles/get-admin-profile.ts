import "server-only";
import { sql } from "drizzle-orm";
import type { AdminPlayerDetail } from "@/domain/admin-players";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { ADMIN_PLAYER_COLUMNS, adminPlayerFields } from "./admin-player-row";
import { isId } from "@/domain/ids";

/** A player as the admin player page shows them (docs/SCREENS.md §3.13); null when there is no such profile. */
export async function getAdminProfile(input: { profileId: string }): Promise<AdminPlayerDetail | null> {
  if (!isId(input.profileId)) return null;
  const db = await getDb();
  const [row] = await selectRows(
    db,
    sql`select ${ADMIN_PLAYER_COLUMNS}, p.super_admin, p.commissioner, p.suspended_reason
        from profiles p where p.id = ${input.profileId}`,
    rowShape((r) => ({
      ...adminPlayerFields(r),
      superAdmin: r.bool("super_admin"),
      commissioner: r.bool("commissioner"),
      suspendedReason: r.textOrNull("suspended_reason"),
    })),
  );
  return row ?? null;
}
