import "server-only";
import { inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { props } from "@/server/db/schema";
import { badRequest } from "@/server/http/app-error";
import { insertProp, lockPackForProps } from "./create-prop";
import type { AdminProp } from "./prop-view";

/**
 * Adds existing props to a pack ("Existing props" in the addProp dialog). A
 * prop belongs to one pack, so each is copied (question, sides, moneylines,
 * event, close time, rule) as a new open prop at the end of this pack. Audited
 * as prop creations.
 */
export async function copyPropsToPack(input: { packId: string; copyPropIds: string[]; actorProfileId: string }): Promise<AdminProp[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const pack = await lockPackForProps(tx, input.packId);
    const sources = await tx.select().from(props).where(inArray(props.id, input.copyPropIds));
    if (sources.length !== new Set(input.copyPropIds).size) throw badRequest("Unknown prop");
    const byId = new Map(sources.map((source) => [source.id, source]));
    const created: AdminProp[] = [];
    for (const id of input.copyPropIds) {
      const source = byId.get(id)!;
      created.push(
        await insertProp(
          tx,
          pack,
          {
            eventId: source.eventId,
            shortLabel: source.shortLabel,
            title: source.title,
            summary: source.summary,
            sideAShort: source.sideAShort,
            sideBShort: source.sideBShort,
            sideATake: source.sideATake,
            sideBTake: source.sideBTake,
            sideAMoneyline: source.sideAMoneyline,
            sideBMoneyline: source.sideBMoneyline,
            closeTime: source.closeTime,
            gradingRule: source.gradingRule as "who_wins" | "total_over_under" | "spread" | null,
            gradingParams: source.gradingParams,
            thumbnailUrl: source.thumbnailUrl,
          },
          input.actorProfileId,
          "copy",
        ),
      );
    }
    return created;
  });
}
