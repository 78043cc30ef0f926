import "server-only";
import { sql } from "drizzle-orm";
import type { TeaserItem } from "@/domain/views";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { listMarketplaceItems } from "@/server/marketplace/list-marketplace-items";

/**
 * The marketplace item the dashboard shows: featured first, then the cheapest available. A team
 * page's is the first of its team marketplace (/marketplace?teamSlug=), with the team's picture.
 */
export async function findTeaserItem({ teamSlug }: { teamSlug?: string } = {}): Promise<TeaserItem | null> {
  if (teamSlug) {
    const [first] = (await listMarketplaceItems({ teamSlug, limit: 1 })).items;
    return first
      ? { id: first.itemID, name: first.itemName, tokens: Number(first.itemTokens), imageUrl: first.imageUrl, brand: first.brand }
      : null;
  }
  const db = await getReadDb();
  const [item] = await selectRows(
    db,
    sql`select id, name, tokens, image_url, brand from items where status = 'available' order by featured desc, tokens asc, name limit 1`,
    rowShape((r) => ({
      id: r.text("id"),
      name: r.text("name"),
      tokens: r.int("tokens"),
      image_url: r.textOrNull("image_url"),
      brand: r.textOrNull("brand"),
    })),
  );
  return item ? { id: item.id, name: item.name, tokens: Number(item.tokens), imageUrl: item.image_url, brand: item.brand } : null;
}
