import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { createSuperProp } from "@/server/authoring/create-super-prop";
import { ZSuperPropAnswer, ZSuperPropRequest } from "@/domain/schemas/props";

export const dynamic = "force-dynamic";

/** POST /api/admin/props/super – publish one prop as its own open pack → {success, packUrl, packId, prop}. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZSuperPropRequest);
    return okThrough(ZSuperPropAnswer, await createSuperProp({ ...input, actorProfileId: session.profileId }), { status: 201 });
  },
  { allow: "commissioner" },
);
