import { ok, withAdmin } from "@/server/http/api";
import { closeDueProps } from "@/server/authoring/close-due-props";

export const dynamic = "force-dynamic";

/** POST /api/admin/props/close – close every open prop whose close time has passed → {success, closed}. */
export const POST = withAdmin(async ({ session }) => ok({ ...(await closeDueProps({ actorProfileId: session.profileId })) }));
