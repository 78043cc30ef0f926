import "server-only";
import { sql } from "drizzle-orm";
import { serverEnv } from "@/env";
import { PRODUCT_NAME } from "@/config";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * Queues one "results are in" text per participant of a graded pack in the
 * SMS outbox, in one statement (a pack may have 100,000 players), with the
 * outbox's own rules (src/server/notifications/queue-text.ts): a profile that
 * opted out gets a `skipped` row, never a text; the dedupe key
 * `pack_graded:{packId}:{profileId}` makes it once per participant ever,
 * across retries, re-grades and machines. Returns how many texts were queued.
 */
export async function queuePackGradedTexts(options: { packId: string; db?: DbOrTx }): Promise<{ queued: number }> {
  const db = options.db ?? (await getDb());
  const siteUrl = serverEnv().NEXTAUTH_URL.replace(/\/$/, "");
  const [row] = await selectRows(
    db,
    sql`
      with pack as (
        select id, title, pack_url from packs where id = ${options.packId} and status = 'graded'
      ),
      standings as (
        select t.profile_id,
               sum(t.points)::int as points,
               count(*) filter (where t.result = 'won')::int as won,
               count(*) filter (where t.result = 'lost')::int as lost,
               count(*) filter (where t.result = 'push')::int as pushed
        from takes t
        join pack on pack.id = t.pack_id
        where t.is_current
        group by t.profile_id
      ),
      queued as (
        insert into sms_outbox (to_phone, body, kind, profile_id, dedupe_key, status, last_error)
        select pr.phone,
               ${PRODUCT_NAME} || ': results are in for ' || pack.title || '! You scored ' || s.points || ' pts ('
                 || s.won || '-' || s.lost || '-' || s.pushed || '). See your takes: '
                 || ${siteUrl} || '/packs/' || pack.pack_url,
               'pack_graded', pr.id, 'pack_graded:' || pack.id || ':' || pr.id,
               case when pr.sms_opt_out then 'skipped' else 'pending' end,
               case when pr.sms_opt_out then 'recipient opted out of texts' end
        from standings s
        -- Not a deleted account: it has no number (decision 057).
        join profiles pr on pr.id = s.profile_id and pr.phone is not null
        cross join pack
        on conflict (dedupe_key) do nothing
        returning status
      )
      select count(*) filter (where status = 'pending')::int as queued from queued
    `,
    rowShape((r) => ({ queued: r.int("queued") })),
  );
  return { queued: Number(row?.queued ?? 0) };
}
