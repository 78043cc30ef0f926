import "server-only";
import { sql } from "drizzle-orm";
import { isPackURL } from "@/domain/share";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/** Whether a pack players may see has this URL (drafts and archived packs count as missing). */
export async function packExists(input: { packURL: string }): Promise<boolean> {
  if (!isPackURL(input.packURL)) return false;
  const db = await getDb();
  const rows = await selectRows(
    db,
    sql`select 1 as one from packs where pack_url = ${input.packURL} and status not in ('draft', 'archived') limit 1`,
    rowShape((r) => ({ one: r.int("one") })),
  );
  return rows.length > 0;
}
