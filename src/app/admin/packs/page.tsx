import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { PacksAdmin } from "@/components/admin/packs/packs-admin";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Packs Management" };

/** /admin/packs – every pack, with inline status changes (docs/SCREENS.md §3.5). */
export default adminScreen({
  allow: "commissioner",
  path: "/admin/packs",
  title: "Packs Management",
  Body: PacksAdmin,
  actions: (
    <Link href="/admin/packs/new" className={buttonClass("primary")}>
      Create New Pack
    </Link>
  ),
});
