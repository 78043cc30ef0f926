import type { Metadata } from "next";
import { PlayersAdmin } from "@/components/admin/events/players-admin";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Athletes" };

/** /admin/athletes – team rosters from ESPN (docs/SCREENS.md §3.7); the app's users are at /admin/players. */
export default adminScreen({ allow: "commissioner", path: "/admin/athletes", title: "Athletes", Body: PlayersAdmin });
