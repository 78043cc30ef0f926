import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { PlayerSearch } from "@/components/admin/players/player-search";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Players" };

/** /admin/players – the app's users, by handle or phone (docs/SCREENS.md §3.12). */
export default adminScreen({
  path: "/admin/players",
  title: "Players",
  Body: PlayerSearch,
  actions: (
    <Link href="/admin/athletes" className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
      ESPN athletes
    </Link>
  ),
});
