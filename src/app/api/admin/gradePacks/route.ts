// GET /api/admin/gradePacks – packs whose games are over and still need grades (gradePacks dialog)
import { ok, withAdmin } from "@/server/http/api";
import { listPacksToGrade } from "@/server/grading/list-packs-to-grade";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => ok({ packs: await listPacksToGrade() }));
