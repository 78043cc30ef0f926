import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { copyPropsToPack } from "@/server/authoring/copy-props-to-pack";
import { reorderProps } from "@/server/authoring/reorder-props";
import { ZCopyPropsRequest, ZPackPropsAnswer, ZReorderPropsRequest } from "@/domain/schemas/packs";
import { idParams } from "@/server/http/route-params";

export const dynamic = "force-dynamic";
const params = idParams("packId", "Pack not found");

/** POST /api/admin/packs/{packId}/props {copyPropIds} – add copies of existing props to the pack. */
export const POST = withAdmin(
  async ({ req, params: { packId }, session }) => {
    const { copyPropIds } = await readJson(req, ZCopyPropsRequest);
    return okThrough(
      ZPackPropsAnswer,
      { props: await copyPropsToPack({ packId, copyPropIds, actorProfileId: session.profileId }) },
      { status: 201 },
    );
  },
  { allow: "commissioner", params },
);

/** PUT /api/admin/packs/{packId}/props {propIds} – the new order of the pack's props. */
export const PUT = withAdmin(
  async ({ req, params: { packId }, session }) => {
    const { propIds } = await readJson(req, ZReorderPropsRequest);
    return okThrough(ZPackPropsAnswer, { props: await reorderProps({ packId, propIds, actorProfileId: session.profileId }) });
  },
  { allow: "commissioner", params },
);
