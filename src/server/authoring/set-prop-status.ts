import "server-only";
import { eq } from "drizzle-orm";
import type { PropStatus } from "@/domain/authoring";
import { updateAudited } from "@/server/admin/update-audited";
import { getDb } from "@/server/db/client";
import { props } from "@/server/db/schema";
import { badRequest, notFound } from "@/server/http/app-error";
import { selectAdminProps, type AdminProp } from "./prop-view";

/**
 * Opens or closes a prop by hand (a closed prop takes no picks). Graded
 * outcomes are not set here: grading pays takes, so it goes through grading.
 */
export async function setPropStatus(input: { propId: string; status: PropStatus; actorProfileId: string }): Promise<AdminProp> {
  if (input.status !== "open" && input.status !== "closed") {
    throw badRequest("Grade props from the grading screen.");
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(props).where(eq(props.id, input.propId)).for("update");
    if (!before) throw notFound("Prop not found");
    if (before.status !== "open" && before.status !== "closed") {
      throw badRequest("This prop is graded: un-grade it from the grading screen first.");
    }
    if (before.status !== input.status) {
      await updateAudited(
        tx,
        { type: "prop", id: before.id },
        { status: input.status, updatedAt: new Date() },
        { actorProfileId: input.actorProfileId, action: "prop.status", before: { status: before.status }, after: { status: input.status } },
      );
    }
    const [view] = await selectAdminProps(tx, { where: eq(props.id, before.id) });
    return view!;
  });
}
