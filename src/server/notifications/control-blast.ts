import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { conflict, notFound } from "@/server/http/app-error";
import type { BlastAction } from "@/domain/schemas/outbox";
import { CANCELLED } from "./outbox-overview";

const FROM: Record<BlastAction, readonly string[]> = { pause: ["pending"], resume: ["paused"], cancel: ["pending", "paused"] };
const TO: Record<BlastAction, string> = { pause: "paused", resume: "pending", cancel: "skipped" };
/** Worded in src/domain/audit-words.ts (texts_pause, texts_resume, texts_cancel). */
const AUDIT_ACTIONS: Record<BlastAction, string> = { pause: "pack.texts_pause", resume: "pack.texts_resume", cancel: "pack.texts_cancel" };
const NOTHING: Record<BlastAction, string> = {
  pause: "No texts of this opening are waiting to be paused.",
  resume: "No texts of this opening are paused.",
  cancel: "No texts of this opening are waiting to be cancelled.",
};

/**
 * Pauses, resumes or cancels the texts of one pack opening still waiting (docs/decisions/073-paced-outbox.md).
 * Paused rows are never claimed; cancelled ones become `skipped` with the reason, and their
 * dedupe keys keep them from being queued again. A row a worker has already claimed (`sending`)
 * is left to finish: the update waits for its lock and then finds it no longer waiting.
 * Audited in the same transaction.
 */
export async function controlBlast(input: { packId: string; action: BlastAction; actorProfileId: string }): Promise<{ changed: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [pack] = await selectRows(
      tx,
      sql`select title from packs where id = ${input.packId}`,
      rowShape((r) => ({ title: r.text("title") })),
    );
    if (!pack) throw notFound("Pack not found");
    const from = FROM[input.action];
    const [row] = await selectRows(
      tx,
      sql`with changed as (
            update sms_outbox set status = ${TO[input.action]},
                   last_error = ${input.action === "cancel" ? sql`${CANCELLED}` : sql`last_error`}
            where blast_id = ${input.packId} and status in (${sql.join(
              from.map((status) => sql`${status}`),
              sql`, `,
            )})
            returning 1
          )
          select count(*)::int as n from changed`,
      rowShape((r) => ({ n: r.int("n") })),
    );
    const changed = row?.n ?? 0;
    if (changed === 0) throw conflict(NOTHING[input.action]);
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: AUDIT_ACTIONS[input.action],
      entityType: "pack",
      entityId: input.packId,
      after: { texts: changed },
    });
    return { changed };
  });
}
