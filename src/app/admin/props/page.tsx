import type { Metadata } from "next";
import { PropsAdmin } from "@/components/admin/props/props-admin";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Props Management" };

/** /admin/props – every prop, 100 per page (docs/SCREENS.md §3.6). */
export default adminScreen({ allow: "commissioner", path: "/admin/props", title: "Props Management", Body: PropsAdmin });
