import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb, type DbOrTx } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { badRequest, notFound } from "@/server/http/app-error";
import { recordPropPrice } from "@/server/prices/prop-prices";
import type { PriceSource } from "@/domain/prices";
import { selectAdminProps, type AdminProp } from "./prop-view";
import { CLOSED_PACK_STATUSES, eventForProp, sideValues, storedRule } from "./prop-rules";
import type { CreatePropRequest } from "@/domain/schemas/props";

type PropFields = Omit<CreatePropRequest, "packId">;

/**
 * Inserts a prop at the end of a locked pack; shared by createProp, createSuperProp, copies and
 * slates. Its first price starts its line history (`source` says what set it).
 */
export async function insertProp(
  tx: DbOrTx,
  pack: { id: string; league: string; status: string },
  fields: PropFields,
  actorProfileId: string,
  source: PriceSource = "authoring",
): Promise<AdminProp> {
  if (CLOSED_PACK_STATUSES.has(pack.status)) throw badRequest("Props cannot be added to a graded or archived pack.");
  const event = fields.eventId ? await eventForProp(tx, fields.eventId, pack.league) : null;
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${props.position}) + 1, 0)::int` })
    .from(props)
    .where(eq(props.packId, pack.id))) as [{ next: number }];
  const sideAMoneyline = fields.sideAMoneyline ?? null;
  const sideBMoneyline = fields.sideBMoneyline ?? null;
  const [row] = await tx
    .insert(props)
    .values({
      packId: pack.id,
      eventId: event?.id ?? null,
      position: Number(next),
      shortLabel: fields.shortLabel,
      title: fields.title ?? fields.shortLabel,
      summary: fields.summary ?? null,
      sideAShort: fields.sideAShort,
      sideBShort: fields.sideBShort,
      sideATake: fields.sideATake,
      sideBTake: fields.sideBTake,
      sideAMoneyline,
      sideBMoneyline,
      ...sideValues(sideAMoneyline, sideBMoneyline),
      // The prop closes when its game starts unless the admin says otherwise.
      closeTime: fields.closeTime === undefined ? (event?.startTime ?? null) : fields.closeTime,
      status: "open",
      ...storedRule(fields.gradingRule, fields.gradingParams),
      thumbnailUrl: fields.thumbnailUrl ?? null,
    })
    .returning();
  await recordPropPrice(tx, { propId: row!.id, sideAMoneyline, sideBMoneyline, source, actorProfileId });
  await recordAdminAction(tx, {
    actorProfileId,
    action: "prop.create",
    entityType: "prop",
    entityId: row!.id,
    before: null,
    after: row,
  });
  const [view] = await selectAdminProps(tx, { where: eq(props.id, row!.id) });
  return view!;
}

/**
 * The pack props are added to, locked FOR UPDATE so two admins adding at once take the next
 * positions one after the other; 404 when it does not exist.
 */
export async function lockPackForProps(tx: DbOrTx, packId: string) {
  const [pack] = await tx
    .select({ id: packs.id, league: packs.league, status: packs.status })
    .from(packs)
    .where(eq(packs.id, packId))
    .for("update");
  if (!pack) throw notFound("Pack not found");
  return pack;
}

/**
 * Adds a prop to a pack, last in order: side values from the moneylines, close
 * time defaulting to the event's start, optional auto-grading rule. Audited.
 */
export async function createProp(input: CreatePropRequest & { actorProfileId: string }): Promise<AdminProp> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const pack = await lockPackForProps(tx, input.packId);
    const { packId: _packId, actorProfileId, ...fields } = input;
    return insertProp(tx, pack, fields, actorProfileId);
  });
}
