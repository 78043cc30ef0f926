import type { Metadata } from "next";
import { EventsAdmin } from "@/components/admin/events/events-admin";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Events" };

/** /admin/events – imported events by day and league (docs/SCREENS.md §3.2). */
export default adminScreen({ allow: "commissioner", path: "/admin/events", title: "Events", Body: EventsAdmin });
