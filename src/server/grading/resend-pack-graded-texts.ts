import "server-only";
import { sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { conflict, notFound } from "@/server/http/app-error";
import { IN_DOUBT_LOOKBACK_MS } from "@/server/notifications/deliver-queued-texts";
import { queuePackGradedTexts } from "./queue-pack-graded-texts";
import type { ResultsTextsSummary } from "@/domain/schemas/grading";

const participants = (packId: string) => sql`
  select pr.id as profile_id, pr.sms_opt_out, o.status as text_status
  from (select distinct t.profile_id from takes t where t.pack_id = ${packId} and t.is_current) part
  join profiles pr on pr.id = part.profile_id
  left join sms_outbox o on o.dedupe_key = 'pack_graded:' || ${packId} || ':' || pr.id`;

const textCountsRow = rowShape((r): Omit<ResultsTextsSummary, "packStatus" | "unsent"> => ({
  participants: r.int("participants"),
  sent: r.int("sent"),
  waiting: r.int("waiting"),
  failed: r.int("failed"),
  neverQueued: r.int("neverQueued"),
  optedOut: r.int("optedOut"),
}));

async function summarise(db: DbOrTx, packId: string): Promise<ResultsTextsSummary> {
  const [pack] = await selectRows(
    db,
    sql`select status from packs where id = ${packId}`,
    rowShape((r) => ({ status: r.text("status") })),
  );
  if (!pack) throw notFound("Pack not found");
  const [row] = await selectRows(
    db,
    sql`select count(*)::int as participants,
               count(*) filter (where text_status = 'sent')::int as sent,
               count(*) filter (where text_status in ('pending', 'sending'))::int as waiting,
               count(*) filter (where text_status = 'failed' and not sms_opt_out)::int as failed,
               count(*) filter (where text_status is null and not sms_opt_out)::int as "neverQueued",
               count(*) filter (where text_status = 'skipped' or (sms_opt_out and (text_status is null or text_status = 'failed')))::int as "optedOut"
        from (${participants(packId)}) p`,
    textCountsRow,
  );
  const counts = { participants: 0, sent: 0, waiting: 0, failed: 0, neverQueued: 0, optedOut: 0, ...row };
  return { packStatus: pack.status, ...counts, unsent: counts.failed + counts.neverQueued };
}

/** The results texts of a pack, for the admin's "Resend results texts" confirmation (issue 24 item 7). */
export async function getPackResultsTexts(input: { packId: string }): Promise<ResultsTextsSummary> {
  return summarise(await getDb(), input.packId);
}

/**
 * "Resend results texts" (issue 24 item 7, decision 040): texts the results of a graded pack to
 * the participants who did not get them, and to nobody else. A text that failed is put back in
 * doubt (`sending`, due at most its creation plus the in-doubt lookback), so the delivery task
 * asks the provider whether it went out after all before sending it (decision 031); a
 * participant never queued gets a new row under the same dedupe key
 * `pack_graded:{pack}:{profile}` as the grading's own texts. The pack row is locked, so two
 * resends at once queue each text once; a second resend finds nothing to queue. Audited.
 */
export async function resendPackGradedTexts(input: {
  packId: string;
  actorProfileId: string;
  now?: Date;
}): Promise<{ queued: number; summary: ResultsTextsSummary }> {
  const db = await getDb();
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [pack] = await selectRows(
      tx,
      sql`select status from packs where id = ${input.packId} for update`,
      rowShape((r) => ({ status: r.text("status") })),
    );
    if (!pack) throw notFound("Pack not found");
    if (pack.status !== "graded") throw conflict("Only a graded pack's results can be texted.");
    const [requeued] = await selectRows(
      tx,
      sql`with back as (
            update sms_outbox o
            set status = 'sending', attempts = 0,
                next_attempt_at = least(${now.toISOString()}::timestamptz, o.created_at + ${`${IN_DOUBT_LOOKBACK_MS} milliseconds`}::interval),
                last_error = 'resent by an admin: looked up at the provider before sending'
            from (${participants(input.packId)}) p
            where o.dedupe_key = 'pack_graded:' || ${input.packId} || ':' || p.profile_id
              and o.status = 'failed' and not p.sms_opt_out
            returning o.id
          )
          select count(*)::int as n from back`,
      rowShape((r) => ({ n: r.int("n") })),
    );
    const { queued: inserted } = await queuePackGradedTexts({ packId: input.packId, db: tx });
    const queued = Number(requeued?.n ?? 0) + inserted;
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "pack.resend_results",
      entityType: "pack",
      entityId: input.packId,
      after: { failedResent: Number(requeued?.n ?? 0), neverQueuedQueued: inserted, textsQueued: queued },
    });
    return { queued, summary: await summarise(tx, input.packId) };
  });
}
