import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { packs } from "@/server/db/schema";
import { log } from "@/server/ops/log";
import { packOpenText } from "./pack-open-text";
import { queuePackOpenTextToRecipients } from "./pack-open-recipients";

/**
 * Packs that are effectively open (docs/PRODUCT.md §2), whose opening has not been announced, and
 * that have a prop a player can still pick: a pack whose every prop is closed is not announced
 * ("…is open; 3d left" for a pack nobody can play, issue 24), and is once a prop opens.
 */
async function findNewlyOpenPacks(now: Date) {
  const db = await getDb();
  return selectRows(
    db,
    sql`select id, pack_url, title, league, (extract(epoch from close_time) * 1000)::float8 as close_ms
        from packs
        where open_notified_at is null
          and ((status in ('coming-soon', 'open') and open_time <= ${now.toISOString()}::timestamptz)
               or (status = 'open' and open_time is null))
          and exists (select 1 from props pr
                      where pr.pack_id = packs.id and pr.status = 'open'
                        and (pr.close_time is null or pr.close_time > ${now.toISOString()}::timestamptz))
        order by open_time nulls first
        limit 50`,
    rowShape((r) => ({
      id: r.text("id"),
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      league: r.text("league"),
      close_ms: r.numOrNull("close_ms"),
    })),
  );
}

/**
 * The pack-open texting job: for each newly open pack, queues one text per
 * subscriber (dedupe key `pack_open:{packId}:{profileId}`, so reruns, parallel
 * workers and the admin's own opening never text twice), then marks the pack
 * announced. Packs already past their close time are marked without texting.
 * A pack the admin opened now was announced by that request (announce-pack-opening.ts),
 * so this task texts the packs that open on their own clock, with the default wording.
 */
export async function queuePackOpenTexts({ now = new Date() }: { now?: Date } = {}): Promise<{ packs: number; recipients: number }> {
  const db = await getDb();
  const baseUrl = serverEnv().NEXTAUTH_URL.replace(/\/$/, "");
  let recipients = 0;
  const due = await findNewlyOpenPacks(now);
  for (const pack of due) {
    const closeTime = pack.close_ms === null ? null : new Date(Number(pack.close_ms));
    if (!closeTime || closeTime > now) {
      const body = (at: Date) => packOpenText({ title: pack.title, url: `${baseUrl}/packs/${pack.pack_url}`, closeTime, now: at });
      recipients += await queuePackOpenTextToRecipients(db, pack, body, now);
    }
    await db
      .update(packs)
      .set({ openNotifiedAt: now })
      .where(and(eq(packs.id, pack.id), isNull(packs.openNotifiedAt)));
  }
  if (due.length) log("info", "pack-open texts queued", { packs: due.length, recipients });
  return { packs: due.length, recipients };
}
