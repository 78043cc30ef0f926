import type { Metadata } from "next";
import { eq, inArray } from "drizzle-orm";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PropEditor } from "@/components/admin/props/prop-editor";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getDb } from "@/server/db/client";
import { events, packEvents, packs, props } from "@/server/db/schema";
import { selectAdminEvents } from "@/server/events/event-view";
import { selectAdminProps } from "@/server/authoring/prop-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Prop" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/props/{propId} – edit one prop; its pack's events are offered for linking. */
export default async function EditPropPage({ params }: { params: Promise<{ propId: string }> }) {
  const { propId } = await params;
  await requireAdminPage(`/admin/props/${propId}`);
  if (!UUID.test(propId)) notFound();
  const db = await getDb();
  const [prop] = await selectAdminProps(db, { where: eq(props.id, propId) });
  if (!prop) notFound();
  const [pack] = await db.select({ league: packs.league }).from(packs).where(eq(packs.id, prop.packId));
  const linked = await db.select({ eventId: packEvents.eventId }).from(packEvents).where(eq(packEvents.packId, prop.packId));
  const eventIds = [...new Set([...linked.map((l) => l.eventId), ...(prop.eventId ? [prop.eventId] : [])])];
  const choices = eventIds.length ? await selectAdminEvents(db, { where: inArray(events.id, eventIds) }) : [];
  return (
    <div>
      <AdminPageHeader title="Edit Prop" />
      <PropEditor key={prop.propID} prop={prop} events={choices} league={pack?.league ?? "nfl"} />
    </div>
  );
}
