import "server-only";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { badRequest, notFound } from "@/server/http/app-error";
import { ZGradingRuleConfig } from "@/domain/auto-grade";
import { recordPropPrice } from "@/server/prices/prop-prices";
import { selectAdminProps, type AdminProp } from "./prop-view";
import { eventForProp, sideValues, storedRule } from "./prop-rules";
import type { UpdatePropRequest } from "@/domain/schemas/props";

/**
 * Edits a prop (only the fields given). New moneylines change the side values
 * for takes made from now on; existing takes keep the value they locked.
 * A change of price is appended to the prop's line history. Audited with before and after.
 */
export async function updateProp(input: UpdatePropRequest & { propId: string; actorProfileId: string }): Promise<AdminProp> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(props).where(eq(props.id, input.propId)).for("update");
    if (!before) throw notFound("Prop not found");
    const [pack] = await tx.select({ league: packs.league }).from(packs).where(eq(packs.id, before.packId));
    if (input.eventId) await eventForProp(tx, input.eventId, pack!.league);
    const sideAMoneyline = input.sideAMoneyline === undefined ? before.sideAMoneyline : input.sideAMoneyline;
    const sideBMoneyline = input.sideBMoneyline === undefined ? before.sideBMoneyline : input.sideBMoneyline;
    const rule =
      input.gradingRule === undefined
        ? { gradingRule: before.gradingRule, gradingParams: input.gradingParams === undefined ? before.gradingParams : input.gradingParams }
        : storedRule(input.gradingRule, input.gradingParams);
    if (rule.gradingRule && !ZGradingRuleConfig.safeParse({ rule: rule.gradingRule, params: rule.gradingParams }).success) {
      throw badRequest("The auto-grade rule needs its line and sides.");
    }
    const changes = Object.fromEntries(
      Object.entries({
        eventId: input.eventId,
        shortLabel: input.shortLabel,
        title: input.title === undefined ? undefined : (input.title ?? input.shortLabel ?? before.shortLabel),
        summary: input.summary,
        sideAShort: input.sideAShort,
        sideBShort: input.sideBShort,
        sideATake: input.sideATake,
        sideBTake: input.sideBTake,
        closeTime: input.closeTime,
        thumbnailUrl: input.thumbnailUrl,
      }).filter(([, value]) => value !== undefined),
    );
    const [after] = await tx
      .update(props)
      .set({
        ...changes,
        sideAMoneyline,
        sideBMoneyline,
        ...sideValues(sideAMoneyline, sideBMoneyline),
        ...rule,
        updatedAt: new Date(),
      })
      .where(eq(props.id, before.id))
      .returning();
    if (sideAMoneyline !== before.sideAMoneyline || sideBMoneyline !== before.sideBMoneyline) {
      await recordPropPrice(tx, {
        propId: before.id,
        sideAMoneyline,
        sideBMoneyline,
        source: "authoring",
        actorProfileId: input.actorProfileId,
      });
    }
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "prop.update",
      entityType: "prop",
      entityId: before.id,
      before,
      after,
    });
    const [view] = await selectAdminProps(tx, { where: eq(props.id, before.id) });
    return view!;
  });
}
