import "server-only";
import { eq } from "drizzle-orm";
import { sideValue } from "@/domain/points";
import type { DbOrTx } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { badRequest } from "@/server/http/app-error";

/** The event a prop links to: it must exist and share the pack's league. */
export async function eventForProp(tx: DbOrTx, eventId: string, packLeague: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw badRequest("Unknown event");
  if (event.league !== packLeague) throw badRequest("The prop's event must be in the pack's league.");
  return event;
}

/** Point values stored beside the moneylines (each take locks its own copy when made). */
export function sideValues(sideAMoneyline: number | null, sideBMoneyline: number | null) {
  return { sideAValue: sideValue(sideAMoneyline), sideBValue: sideValue(sideBMoneyline) };
}

/** "manual" (or nothing) means no auto-grading rule. */
export function storedRule(rule: string | null | undefined, params: unknown) {
  if (!rule || rule === "manual") return { gradingRule: null, gradingParams: null };
  return { gradingRule: rule, gradingParams: params ?? null };
}

export const CLOSED_PACK_STATUSES = new Set(["graded", "archived"]);
