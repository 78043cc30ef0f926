import type { Metadata } from "next";
import { ApiTester } from "@/components/admin/events/api-tester";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API Tester" };

/** /admin/api-tester – run the app's ESPN calls and inspect the answers (docs/SCREENS.md §3.9). */
export default adminScreen({ path: "/admin/api-tester", title: "API Tester", Body: ApiTester });
