import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { bulkMoveClose } from "@/server/authoring/bulk-move-close";
import { ZBulkMoveAnswer, ZBulkMoveRequest } from "@/domain/schemas/bulk-tools";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/bulk/close {target: props|packs, ids, mode: set|shift|gameStart, closeTime?,
 * shiftMinutes?, dryRun} – move the close of many props or packs in one transaction, audited; a dry
 * run answers the counts for the confirmation (docs/decisions/063-bulk-tools.md).
 */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZBulkMoveRequest);
    return okThrough(ZBulkMoveAnswer, await bulkMoveClose({ ...input, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
