import "server-only";
import { eq } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { isPackOpenForChallenges } from "./pack-window";

/** The pack a challenge form is for, and whether challenges on it are still possible; null when unknown or hidden. */
export async function findChallengePack(options: {
  packURL: string;
  now?: Date;
  db?: DbOrTx;
}): Promise<{ packURL: string; title: string; open: boolean } | null> {
  if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(options.packURL)) return null;
  const db = options.db ?? (await getReadDb());
  const [pack] = await db
    .select({ packURL: packs.packUrl, title: packs.title, status: packs.status, closeTime: packs.closeTime })
    .from(packs)
    .where(eq(packs.packUrl, options.packURL))
    .limit(1);
  if (!pack || pack.status === "draft" || pack.status === "archived") return null;
  return { packURL: pack.packURL, title: pack.title, open: isPackOpenForChallenges(pack, options.now ?? new Date()) };
}
