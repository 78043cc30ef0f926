import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { isId } from "@/domain/ids";

export interface ProfileIdentity {
  id: string;
  handle: string;
  /** Null for a deleted account. */
  phone: string | null;
}

/** A profile by handle (case-insensitive, "@" optional) or by id; null when none. The phone is for the owner and admins only. */
export async function findProfileByHandle(options: { handleOrId: string; db?: DbOrTx }): Promise<ProfileIdentity | null> {
  const db = options.db ?? (await getReadDb());
  const key = options.handleOrId.trim().replace(/^@/, "");
  if (!key) return null;
  const [row] = await selectRows(
    db,
    isId(key)
      ? sql`select id, handle, phone from profiles where id = ${key}`
      : sql`select id, handle, phone from profiles where lower(handle) = lower(${key})`,
    profileIdentityRow,
  );
  return row ?? null;
}

const profileIdentityRow = rowShape((r): ProfileIdentity => ({ id: r.text("id"), handle: r.text("handle"), phone: r.textOrNull("phone") }));
