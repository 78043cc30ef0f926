import { ok, readJson, withAdmin } from "@/server/http/api";
import { createProp } from "@/server/authoring/create-prop";
import { ZCreatePropRequest } from "@/server/authoring/requests";

export const dynamic = "force-dynamic";

/** POST /api/admin/props – add a prop to a pack → {success, prop}. */
export const POST = withAdmin(async ({ req, session }) => {
  const input = await readJson(req, ZCreatePropRequest);
  return ok({ prop: await createProp({ ...input, actorProfileId: session.profileId }) }, { status: 201 });
});
