import { ok, withAdmin } from "@/server/http/api";
import { getAiConfig } from "@/server/authoring/get-ai-config";

export const dynamic = "force-dynamic";

/** GET /api/admin/aiConfig → {success, defaultModel} (super admins only). */
export const GET = withAdmin(async () => ok({ ...getAiConfig() }));
