import { okThrough, withAdmin } from "@/server/http/api";
import { getAiConfig } from "@/server/authoring/get-ai-config";
import { ZAiConfigAnswer } from "@/domain/schemas/ai-summary";

export const dynamic = "force-dynamic";

/** GET /api/admin/aiConfig → {success, defaultModel} (super admins only). */
export const GET = withAdmin(async () => okThrough(ZAiConfigAnswer, getAiConfig()), { allow: "commissioner" });
