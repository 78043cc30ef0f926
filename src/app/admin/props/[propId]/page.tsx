import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PropEditor } from "@/components/admin/props/prop-editor";
import { PropPriceHistory } from "@/components/admin/prices/prop-price-history";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { loadPropForEditing } from "@/server/authoring/admin-authoring-pages";
import { isId } from "@/domain/ids";
import { getPropPriceRecord } from "@/server/prices/refresh-odds";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Prop" };

/** /admin/props/{propId} – edit one prop (its pack's events are offered for linking) and see its price history. */
export default async function EditPropPage({ params }: { params: Promise<{ propId: string }> }) {
  const { propId } = await params;
  await requireAdminPage(`/admin/props/${propId}`, { allow: "commissioner" });
  if (!isId(propId)) notFound();
  const editing = await loadPropForEditing(propId);
  if (!editing) notFound();
  const { prop, events: choices, league } = editing;
  const priceRecord = await getPropPriceRecord({ propId });
  return (
    <div>
      <AdminPageHeader title="Edit Prop" />
      <PropEditor key={`${prop.propID}:${prop.sideAMoneyline}:${prop.sideBMoneyline}`} prop={prop} events={choices} league={league} />
      <PropPriceHistory propId={prop.propID} labels={{ A: prop.propSideAShort, B: prop.propSideBShort }} record={priceRecord} />
    </div>
  );
}
