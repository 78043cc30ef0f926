import "server-only";
import { sql } from "drizzle-orm";
import type { TeaserItem } from "@/domain/views";
import { getReadDb, queryRows } from "@/server/db/client";
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
  const [item] = await queryRows<{ id: string; name: string; tokens: number; image_url: string | null; brand: string | null }>(
    db,
    sql`select id, name, tokens, image_url, brand from items where status = 'available' order by featured desc, tokens asc, name limit 1`,
  );
  return item ? { id: item.id, name: item.name, tokens: Number(item.tokens), imageUrl: item.image_url, brand: item.brand } : null;
}
