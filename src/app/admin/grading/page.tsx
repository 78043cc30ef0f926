import type { Metadata } from "next";
import { GradingQueue } from "@/components/admin/grading/grading-queue";
import { adminScreen } from "../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Grading Queue" };

/** /admin/grading – every prop whose game is over or whose close has passed, with bulk accept of suggested results (docs/SCREENS.md §3.14). */
export default adminScreen({ allow: "commissioner", path: "/admin/grading", title: "Grading Queue", Body: GradingQueue });
