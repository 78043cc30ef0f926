import "server-only";
import { eq } from "drizzle-orm";
import type { PackStatus } from "@/domain/authoring";
import { PACK_OPEN_MESSAGE_MAX, type PackOpenTextPreview } from "@/domain/schemas/pack-texts";
import { getDb, type DbOrTx } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { packLink, whenPackOpens } from "./announce-pack-opening";
import { countPackOpenRecipients, hasPickableProp } from "./pack-open-recipients";
import { packOpenMessage, withPackLink } from "./pack-open-text";

/**
 * What opening a pack would text (issue 24 item 7, decision 040), for the admin's confirmation:
 * the exact default text, how many players get it, and whether it goes out at all. The form's
 * unsaved open and close times, when given, stand in for the stored ones. `within` reads inside a
 * transaction (the super prop dry run, which previews a pack it has not committed).
 */
export async function previewPackOpenText(
  input: {
    packId: string;
    status: PackStatus;
    openTime?: Date | null;
    closeTime?: Date | null;
    now?: Date;
  },
  within?: DbOrTx,
): Promise<PackOpenTextPreview> {
  const db = within ?? (await getDb());
  const now = input.now ?? new Date();
  const [pack] = await db
    .select({
      id: packs.id,
      title: packs.title,
      league: packs.league,
      packUrl: packs.packUrl,
      openTime: packs.openTime,
      closeTime: packs.closeTime,
      openNotifiedAt: packs.openNotifiedAt,
    })
    .from(packs)
    .where(eq(packs.id, input.packId));
  if (!pack) throw notFound("Pack not found");
  const openTime = input.openTime === undefined ? pack.openTime : input.openTime;
  const closeTime = input.closeTime === undefined ? pack.closeTime : input.closeTime;
  const when = whenPackOpens({ status: input.status, openTime }, now);
  const message = packOpenMessage({ title: pack.title, closeTime, now });
  const link = packLink(pack.packUrl);
  return {
    when,
    opensAt: when === "later" ? openTime!.toISOString() : null,
    alreadySent: pack.openNotifiedAt !== null,
    allClosed: !(await hasPickableProp(db, pack.id, now)),
    recipients: await countPackOpenRecipients(db, pack),
    message,
    link,
    text: withPackLink(message, link),
    maxLength: PACK_OPEN_MESSAGE_MAX,
  };
}
