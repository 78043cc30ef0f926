// GET /api/admin/gradedPacks – graded packs without winners (getPackWinners dialog)
import { ok, withAdmin } from "@/server/http/api";
import { listPacksMissingWinners } from "@/server/grading/list-packs-missing-winners";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => ok({ packs: await listPacksMissingWinners() }));
