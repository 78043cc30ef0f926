import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, getReadDb, type DbOrTx } from "@/server/db/client";
import { standingsRules } from "@/server/db/schema";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { DEFAULT_STANDINGS_TIE_BREAK, isStandingsTieBreak, type StandingsTieBreak } from "@/domain/standings";

/** The commissioner's tie-break order for a standings scope (`league:{l}:season:{y}` or `contest:{id}`); the default when none is set. */
export async function readStandingsRule(scope: string, db?: DbOrTx): Promise<{ order: StandingsTieBreak[]; chosen: boolean }> {
  const [row] = await (db ?? (await getReadDb()))
    .select({ tieBreak: standingsRules.tieBreak })
    .from(standingsRules)
    .where(eq(standingsRules.scope, scope))
    .limit(1);
  if (!row) return { order: [...DEFAULT_STANDINGS_TIE_BREAK], chosen: false };
  return { order: row.tieBreak.filter(isStandingsTieBreak), chosen: true };
}

/** Stores a tie-break order (each step once, checked by the request schema) and writes the audit log, in one transaction. */
export async function saveStandingsRule(options: {
  scope: string;
  order: readonly StandingsTieBreak[];
  actorProfileId: string;
}): Promise<{ scope: string; order: StandingsTieBreak[] }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Lock the row (when there is one) so two saves write their before/after in turn.
    const [before] = await tx
      .select({ tieBreak: standingsRules.tieBreak })
      .from(standingsRules)
      .where(eq(standingsRules.scope, options.scope))
      .for("update");
    const order = [...options.order];
    await tx
      .insert(standingsRules)
      .values({ scope: options.scope, tieBreak: order, updatedBy: options.actorProfileId })
      .onConflictDoUpdate({
        target: standingsRules.scope,
        set: { tieBreak: order, updatedBy: options.actorProfileId, updatedAt: sql`now()` },
      });
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: "standings_rule.update",
      entityType: "standings_rule",
      entityId: options.scope,
      before: { tieBreak: before?.tieBreak ?? [...DEFAULT_STANDINGS_TIE_BREAK] },
      after: { tieBreak: order },
    });
    return { scope: options.scope, order };
  });
}
