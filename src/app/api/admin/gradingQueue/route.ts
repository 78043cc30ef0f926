// GET /api/admin/gradingQueue?cursor – a page (50) of the grading queue: props whose game is over or whose close has passed, with score, status and suggested result → {props, nextCursor}
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listGradingQueue } from "@/server/grading/list-grading-queue";
import { ZGradingQueuePage, ZQueueQuery } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const page = await listGradingQueue({ cursor: readQuery(req, ZQueueQuery).cursor });
    return okThrough(ZGradingQueuePage, { props: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);
