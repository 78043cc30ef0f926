import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PackForm } from "@/components/admin/packs/pack-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { loadEventsForNewPack } from "@/server/authoring/admin-authoring-pages";
import { isId } from "@/domain/ids";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create Pack" };

/** /admin/packs/new[?eventIds=a,b&league=nfl] – a new draft pack, optionally with events linked. */
export default async function NewPackPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireAdminPage("/admin/packs/new", { allow: "commissioner" });
  const query = await searchParams;
  const ids = (query.eventIds ?? "").split(",").filter((id) => isId(id));
  const linked = await loadEventsForNewPack(ids);
  const league = query.league === "mlb" || query.league === "nfl" ? query.league : (linked[0]?.eventLeague ?? "nfl");
  return (
    <div>
      <AdminPageHeader title="Create Pack" />
      <PackForm
        initial={{
          packUrl: "",
          title: "",
          league,
          status: "draft",
          summary: null,
          coverUrl: linked.find((e) => e.coverUrl)?.coverUrl ?? null,
          prizeTitle: null,
          prizeImageUrl: null,
          prizePoints: null,
          prizeSummary: null,
          openTime: null,
          closeTime: linked[0]?.eventTime ?? null,
          featured: false,
          events: linked,
          props: [],
        }}
      />
    </div>
  );
}
