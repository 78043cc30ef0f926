import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PackForm } from "@/components/admin/packs/pack-form";
import { ResultsTexts } from "@/components/admin/packs/results-texts";
import { RefreshPackOddsButton } from "@/components/admin/prices/refresh-odds-button";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { loadPackForEditing } from "@/server/authoring/admin-authoring-pages";
import { isId } from "@/domain/ids";
import { ExportLinks } from "@/components/admin/exports/export-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Pack" };

/** /admin/packs/{packId} – edit a pack, its events, props and status; a graded pack's results texts (decision 040); "Refresh odds" for its ESPN-priced props (decision 056). */
export default async function EditPackPage({ params }: { params: Promise<{ packId: string }> }) {
  const { packId } = await params;
  const viewer = await requireAdminPage(`/admin/packs/${packId}`, { allow: "commissioner" });
  const pack = isId(packId) ? await loadPackForEditing(packId) : null;
  if (!pack) notFound();
  return (
    <div>
      <AdminPageHeader title="Edit Pack">
        {pack.status === "graded" || pack.status === "archived" ? null : <RefreshPackOddsButton packId={pack.id} />}
      </AdminPageHeader>
      {pack.status === "graded" ? (
        <div className="mb-5">
          <ResultsTexts packId={pack.id} />
        </div>
      ) : null}
      <PackForm key={pack.id} initial={pack} />
      <ExportLinks scope="pack" id={pack.id} noun="this pack" ledger={viewer.superAdmin} />
    </div>
  );
}
