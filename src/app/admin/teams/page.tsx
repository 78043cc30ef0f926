import type { Metadata } from "next";
import { TeamsAdmin } from "@/components/admin/events/teams-admin";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Teams Admin" };

/** /admin/teams – teams from ESPN and by hand (docs/SCREENS.md §3.4). */
export default adminScreen({ allow: "commissioner", path: "/admin/teams", title: "Teams Admin", Body: TeamsAdmin });
