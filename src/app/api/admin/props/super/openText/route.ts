import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { previewSuperPropOpenText } from "@/server/authoring/create-super-prop";
import { ZPackOpenTextAnswer } from "@/domain/schemas/pack-texts";
import { ZSuperPropRequest } from "@/domain/schemas/props";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/props/super/openText – the super prop about to be published (the body of POST
 * /api/admin/props/super) → what publishing it would text: {preview} as GET /api/admin/packs/{packId}/openText.
 * A dry run: nothing is written (docs/decisions/065-status-follows-the-clock.md).
 */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZSuperPropRequest);
    return okThrough(ZPackOpenTextAnswer, { preview: await previewSuperPropOpenText({ ...input, actorProfileId: session.profileId }) });
  },
  { allow: "commissioner" },
);
