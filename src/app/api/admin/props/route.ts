import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { createProp } from "@/server/authoring/create-prop";
import { ZCreatePropRequest, ZPropAnswer } from "@/domain/schemas/props";

export const dynamic = "force-dynamic";

/** POST /api/admin/props – add a prop to a pack → {success, prop}. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZCreatePropRequest);
    return okThrough(ZPropAnswer, { prop: await createProp({ ...input, actorProfileId: session.profileId }) }, { status: 201 });
  },
  { allow: "commissioner" },
);
