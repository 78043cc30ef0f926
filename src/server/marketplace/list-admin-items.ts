import "server-only";
import { asc, desc, eq, getTableColumns } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { itemCodes, items } from "@/server/db/schema";
import { codesLeft, codesUsed, toAdminItem, type AdminItem } from "./admin-item";

/** Every item with its stock (unused and used codes), for super admins. */
export async function listAdminItems(): Promise<AdminItem[]> {
  const db = await getDb();
  const rows = await db
    .select({ item: getTableColumns(items), codesLeft, codesUsed })
    .from(items)
    .leftJoin(itemCodes, eq(itemCodes.itemId, items.id))
    .groupBy(items.id)
    .orderBy(desc(items.featured), asc(items.name), asc(items.id));
  return rows.map((row) => toAdminItem(row.item, row.codesLeft, row.codesUsed));
}
