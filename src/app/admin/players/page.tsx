import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PlayerSearch } from "@/components/admin/players/player-search";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Players" };

/** /admin/players – the app's users, by handle or phone (docs/SCREENS.md §3.12). */
export default async function AdminPlayersPage() {
  await requireAdminPage("/admin/players");
  return (
    <div>
      <AdminPageHeader title="Players">
        <Link href="/admin/athletes" className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
          ESPN athletes
        </Link>
      </AdminPageHeader>
      <PlayerSearch />
    </div>
  );
}
