// GET /api/admin/gradingQueue?cursor – a page (50) of the grading queue: props whose game is over or whose close has passed, with score, status and suggested result → {props, nextCursor}
import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listGradingQueue } from "@/server/grading/list-grading-queue";
import { ZQueueQuery } from "@/server/grading/queue-cursor";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => {
  const page = await listGradingQueue({ cursor: readQuery(req, ZQueueQuery).cursor });
  return ok({ props: page.items, nextCursor: page.nextCursor });
});
