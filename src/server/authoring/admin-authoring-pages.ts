import "server-only";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { events, packEvents, packs, props } from "@/server/db/schema";
import { selectAdminEvents, type AdminEvent } from "@/server/events/event-view";
import { loadAdminPack, type AdminPack } from "./pack-view";
import { selectAdminProps, type AdminProp } from "./prop-view";

// What the admin authoring pages (/admin/packs/new, /admin/packs/{id},
// /admin/props/{id}) read: the pages call these, the queries stay here.

/** The events a new pack starts linked to (/admin/packs/new?eventIds=…), in the admin view. */
export async function loadEventsForNewPack(eventIds: string[]): Promise<AdminEvent[]> {
  if (eventIds.length === 0) return [];
  return selectAdminEvents(await getDb(), { where: inArray(events.id, eventIds) });
}

/** One pack for its edit page, or null when there is none. */
export async function loadPackForEditing(packId: string): Promise<AdminPack | null> {
  return loadAdminPack(await getDb(), packId);
}

export interface PropForEditing {
  prop: AdminProp;
  /** The events of the prop's pack, and the prop's own event, that it may be linked to. */
  events: AdminEvent[];
  league: string;
}

/** One prop for its edit page, with the events it may be linked to; null when there is none. */
export async function loadPropForEditing(propId: string): Promise<PropForEditing | null> {
  const db = await getDb();
  const [prop] = await selectAdminProps(db, { where: eq(props.id, propId) });
  if (!prop) return null;
  const [pack] = await db.select({ league: packs.league }).from(packs).where(eq(packs.id, prop.packId));
  const linked = await db.select({ eventId: packEvents.eventId }).from(packEvents).where(eq(packEvents.packId, prop.packId));
  const eventIds = [...new Set([...linked.map((l) => l.eventId), ...(prop.eventId ? [prop.eventId] : [])])];
  const choices = eventIds.length ? await selectAdminEvents(db, { where: inArray(events.id, eventIds) }) : [];
  return { prop, events: choices, league: pack?.league ?? "nfl" };
}
