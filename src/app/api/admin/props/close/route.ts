import { okThrough, withAdmin } from "@/server/http/api";
import { closeDueProps } from "@/server/authoring/close-due-props";
import { ZClosePropsAnswer } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

/** POST /api/admin/props/close – close every open prop whose close time has passed → {success, closed}. */
export const POST = withAdmin(
  async ({ session }) => okThrough(ZClosePropsAnswer, await closeDueProps({ actorProfileId: session.profileId })),
  { allow: "commissioner" },
);
